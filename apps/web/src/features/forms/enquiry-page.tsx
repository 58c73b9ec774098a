// /enquiry: the firm's public enquiry form (no sign-in), in the firm's branding. Light on purpose: plain
// inputs (native lists and the forms' date field; no combobox or phone widget), no shell. The page and then the
// server check everything with the lead form's rules and answer in their words; a repeat enquiry is thanked like any other. The contact
// number is asked with its country (a native list), joined as the staff forms join it (decision 0005).
import {
  Alert,
  Box,
  Button,
  Center,
  Checkbox,
  Loader,
  Paper,
  NativeSelect,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/InlineInput.css';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import {
  APPLICANT_LOCATIONS,
  COUNTRIES,
  DEFAULT_DISPLAY_SETTING,
  type EnquiryOptionalField,
  ENQUIRY_FORM_MESSAGES,
  ENQUIRY_MIN_FILL_MS,
  ENQUIRY_OPTIONAL_FIELD_LABELS,
  ENQUIRY_TOKEN_MAX_AGE_MS,
  enquirySchema,
  firmToday,
  GENDERS,
  hasCurrentVisa,
  joinPhoneNumber,
  PHONE_MESSAGES,
  phoneCountries,
  type PublicEnquiryForm,
  VISAS,
} from '@crm/domain';
import { companyNameOf, useBranding } from '../../app/branding.ts';
import { DateTextField } from '../../components/date-field.tsx';
import { LogoMark } from '../../components/logo-mark.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { usePublicEnquiryForm, useSendEnquiry } from './api/enquiry-form.ts';

const EMPTY = {
  firstName: '',
  middleName: '',
  lastName: '',
  gender: '',
  dateOfBirth: '',
  nationality: '',
  countryOfResidence: '',
  email: '',
  /** The contact number's country (its ISO code); sent only as part of contactNumber. */
  phoneCountry: '',
  contactNumber: '',
  applicantLocation: '',
  currentVisaSubclass: '',
  visaExpiryDate: '',
  desiredVisa: '',
  message: '',
  consent: false,
  website: '',
};
type Values = typeof EMPTY;

/** A native list (light, and the phone's own picker) led by an empty choice. */
const choices = (values: readonly string[], empty: string) => [{ value: '', label: empty }, ...values];

/** Every country with its dial code, Australia and the common ones first (the staff forms' order). */
const PHONE_COUNTRY_CHOICES = [
  { value: '', label: 'Choose the country' },
  ...phoneCountries().map((c) => ({ value: c.iso, label: `${c.name} (${c.dialCode})` })),
];

/**
 * The number as sent: the country's dial code joined to the number typed, its trunk 0 dropped
 * ('0917 555 1234' in the Philippines → '+63 917 555 1234'); a number typed with its '+' as it is.
 */
function contactNumberOf(values: Values): string {
  const number = values.contactNumber.trim();
  if (number.startsWith('+') || !values.phoneCountry) return number;
  return joinPhoneNumber(values.phoneCountry, number);
}

function Frame({ children }: { children: ReactNode }) {
  const branding = useBranding();
  return (
    <Box component="main" mih="100dvh" bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))">
      <Center p={{ base: 'xs', sm: 'md' }}>
        <Paper withBorder shadow="sm" radius="lg" p={{ base: 'md', sm: 'xl' }} w="100%" maw={640}>
          <Stack gap="lg">
            <Stack gap={4} align="center">
              <LogoMark size={40} />
              <Text fw={600}>{companyNameOf(branding)}</Text>
            </Stack>
            {children}
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}

export function EnquiryPage() {
  const page = usePublicEnquiryForm();
  // The form's own title once it is known ('Make an enquiry · <company>'), as its heading reads.
  useDocumentTitle(page.data?.open ? page.data.title : 'Enquiry');
  if (page.isPending) {
    return (
      <Frame>
        <Center p="xl">
          <Loader aria-label="Loading the form" />
        </Center>
      </Frame>
    );
  }
  if (page.isError) {
    return (
      <Frame>
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" title="The form could not be loaded">
          Please check your connection and reload the page.
        </Alert>
      </Frame>
    );
  }
  if (!page.data.open) {
    return (
      <Frame>
        <Title order={1} fz={22} ta="center">
          Enquiries are closed
        </Title>
        <Text ta="center">{page.data.message}</Text>
      </Frame>
    );
  }
  return <EnquiryForm form={page.data} newToken={() => page.refetch()} />;
}

/** A page this close to its token's end gets a new token before sending, rather than a refusal. */
const TOKEN_RENEWAL_MARGIN_MS = 5 * 60_000;

type OpenForm = Extract<NonNullable<ReturnType<typeof usePublicEnquiryForm>['data']>, { open: true }>;

function EnquiryForm({
  form: page,
  newToken,
}: {
  form: OpenForm;
  /** Asks for the form again: a new token, taken once and for two hours (issue 28). */
  newToken: () => Promise<{ data?: PublicEnquiryForm }>;
}) {
  const send = useSendEnquiry();
  const [thanks, setThanks] = useState<string | null>(null);
  // When the token arrived: a person quick enough to beat the server's minimum fill time waits out the
  // rest under the button's spinner instead of being refused as a robot.
  const shownAt = useRef(performance.now());
  useEffect(() => {
    shownAt.current = performance.now();
  }, [page.token]);
  const form = useForm<Values>({
    initialValues: EMPTY,
    validate: {
      // A number without its country could be anyone's: the '0917 555 1234' that was read as Australian.
      phoneCountry: (country, values) =>
        !country && values.contactNumber.trim() && !values.contactNumber.trim().startsWith('+')
          ? PHONE_MESSAGES.countryRequired
          : null,
    },
  });
  const shows = (field: EnquiryOptionalField) => page.fields.includes(field);
  const inside = hasCurrentVisa(form.values.applicantLocation);
  // No session here to read the firm's setting from: the default one, whose month names leave no doubt
  // about what a typed date was taken as.
  const today = firmToday(DEFAULT_DISPLAY_SETTING.timeZone, new Date());

  const submit = form.onSubmit(async (values) => {
    let token = page.token;
    // A page left open nearly as long as its token lives gets a new one first (and waits the fill time).
    if (performance.now() - shownAt.current > ENQUIRY_TOKEN_MAX_AGE_MS - TOKEN_RENEWAL_MARGIN_MS) {
      const renewed = await newToken();
      if (!renewed.data?.open) return;
      token = renewed.data.token;
      shownAt.current = performance.now();
    }
    const body: Record<string, unknown> = { token, consent: values.consent };
    for (const [key, value] of Object.entries({ ...values, contactNumber: contactNumberOf(values) })) {
      if (key === 'consent' || key === 'phoneCountry') continue;
      if (typeof value === 'string' && value.trim() !== '') body[key] = value;
    }
    // The server's schema, checked here first: its words at the fields without a round trip, and a body the
    // typed client takes. The server checks again (and judges what only it knows: the token, the limits).
    const checked = enquirySchema.safeParse(body);
    if (!checked.success) {
      const errors: Record<string, string> = {};
      for (const issue of checked.error.issues) errors[String(issue.path[0] ?? 'form')] ??= issue.message;
      form.setErrors(errors);
      return;
    }
    const wait = ENQUIRY_MIN_FILL_MS + 500 - (performance.now() - shownAt.current);
    send.mutate(
      { body: checked.data, wait },
      {
        onSuccess: (answer) => setThanks(answer.message),
        onError: (error) => {
          if (!isApiError(error)) return;
          form.setErrors(Object.fromEntries(Object.entries(error.fieldErrors).map(([k, v]) => [k, v[0]])));
          // A refused token (used already, or too old) is not taken again: the next try gets a new one.
          if (error.message === ENQUIRY_FORM_MESSAGES.refused) void newToken();
        },
      },
    );
  });

  if (thanks) {
    return (
      <Frame>
        <Stack align="center" gap="sm" role="status">
          <IconCircleCheck size={48} color="var(--mantine-color-green-6)" aria-hidden />
          <Title order={1} fz={22} ta="center">
            Thank you
          </Title>
          <Text ta="center">{thanks}</Text>
        </Stack>
      </Frame>
    );
  }

  // Field problems (the page's check or the server's) show at their fields, and the alert points at them
  // while any is left; otherwise it says what the server refused.
  const error =
    Object.keys(form.errors).length > 0
      ? 'Please check the fields marked below.'
      : !send.error
        ? null
        : !isApiError(send.error)
          ? 'Your enquiry could not be sent. Please try again.'
          : Object.keys(send.error.fieldErrors).length > 0
            ? null
            : send.error.message;
  const select = (field: keyof Values) => form.getInputProps(field);
  return (
    <Frame>
      <Stack gap={4}>
        <Title order={1} fz={24}>
          {page.title}
        </Title>
        {page.intro ? <Text c="dimmed">{page.intro}</Text> : null}
      </Stack>
      {error ? (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {error}
        </Alert>
      ) : null}
      <form onSubmit={submit} noValidate aria-label={page.title}>
        <Stack gap="sm">
          <TextInput label="First Name" required autoComplete="given-name" {...form.getInputProps('firstName')} />
          {shows('middleName') ? (
            <TextInput label="Middle Name" autoComplete="additional-name" {...form.getInputProps('middleName')} />
          ) : null}
          <TextInput label="Last Name" required autoComplete="family-name" {...form.getInputProps('lastName')} />
          {shows('gender') ? (
            <NativeSelect label="Gender" data={choices(GENDERS, 'Not given')} {...select('gender')} />
          ) : null}
          <DateTextField
            kind="birth"
            label="Date of Birth"
            required
            autoComplete="bday"
            setting={DEFAULT_DISPLAY_SETTING}
            today={today}
            {...form.getInputProps('dateOfBirth')}
          />
          <NativeSelect
            label="Nationality"
            required
            data={choices(COUNTRIES, 'Choose a country')}
            {...select('nationality')}
          />
          <NativeSelect
            label="Country of Residence"
            required
            data={choices(COUNTRIES, 'Choose a country')}
            {...select('countryOfResidence')}
          />
          <TextInput label="Email" type="email" required autoComplete="email" {...form.getInputProps('email')} />
          <NativeSelect
            label="Country of your phone number"
            required
            data={PHONE_COUNTRY_CHOICES}
            {...select('phoneCountry')}
          />
          <TextInput
            label="Contact Number"
            type="tel"
            required
            autoComplete="tel-national"
            placeholder="412 345 678"
            description="As you would dial it in that country"
            {...form.getInputProps('contactNumber')}
          />
          <NativeSelect
            label="Where are you now?"
            required
            data={choices(APPLICANT_LOCATIONS, 'Choose one')}
            {...select('applicantLocation')}
          />
          {inside && shows('currentVisaSubclass') ? (
            <NativeSelect
              label={ENQUIRY_OPTIONAL_FIELD_LABELS.currentVisaSubclass}
              data={choices(VISAS, 'Not given')}
              {...select('currentVisaSubclass')}
            />
          ) : null}
          {inside && shows('visaExpiryDate') ? (
            <DateTextField
              kind="document"
              label={ENQUIRY_OPTIONAL_FIELD_LABELS.visaExpiryDate}
              setting={DEFAULT_DISPLAY_SETTING}
              today={today}
              {...form.getInputProps('visaExpiryDate')}
            />
          ) : null}
          {shows('desiredVisa') ? (
            <NativeSelect
              label={ENQUIRY_OPTIONAL_FIELD_LABELS.desiredVisa}
              data={choices(
                VISAS.filter((v) => v !== 'None'),
                'Not given',
              )}
              {...select('desiredVisa')}
            />
          ) : null}
          <Textarea label="Your message" autosize minRows={3} maxRows={10} {...form.getInputProps('message')} />
          {/* The honeypot: out of sight and out of the tab order; people leave it empty, robots fill it. */}
          <Box style={{ position: 'absolute', left: '-10000px', width: 1, height: 1, overflow: 'hidden' }} aria-hidden>
            <label>
              Website
              <input tabIndex={-1} autoComplete="off" {...form.getInputProps('website')} />
            </label>
          </Box>
          <Paper withBorder p="sm" radius="md">
            <Text fw={600} size="sm" mb={4}>
              Privacy collection notice
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {page.privacyNotice}
            </Text>
          </Paper>
          <Checkbox
            label="I have read the collection notice and agree to my information being used to respond to my enquiry"
            required
            {...form.getInputProps('consent', { type: 'checkbox' })}
          />
          <Button type="submit" loading={send.isPending} fullWidth>
            Send enquiry
          </Button>
        </Stack>
      </form>
    </Frame>
  );
}

// /auth: the public sign-in page.
import { Alert, Anchor, Box, Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { signInSchema, type SignInInput } from '@crm/domain';
import { LogoMark } from '../../components/logo-mark.tsx';
import { companyNameOf, useBranding } from '../../app/branding.ts';
import { isApiError } from '../../lib/api-client.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useRequestPasswordReset } from './api/password-reset.ts';
import { useSignIn } from './api/sign-in.ts';

export function SignInPage() {
  useDocumentTitle('Sign in');
  const search = useSearch({ from: '/auth' });
  const navigate = useNavigate();
  const branding = useBranding();
  const signIn = useSignIn();
  const requestReset = useRequestPasswordReset();
  const [resetSent, setResetSent] = useState<string | null>(null);
  const form = useForm<SignInInput>({
    initialValues: { email: '', password: '' },
    validate: schemaResolver(signInSchema, { sync: true }),
  });

  const submit = form.onSubmit((values) => {
    signIn.mutate(values, {
      onSuccess: () => {
        const target =
          search.redirect && search.redirect.startsWith('/') && !search.redirect.startsWith('//')
            ? search.redirect
            : '/dashboard';
        void navigate({ to: target, replace: true });
      },
    });
  });

  const forgot = () => {
    const email = form.values.email.trim();
    if (!email) {
      form.setFieldError('email', 'Enter your email address first');
      return;
    }
    requestReset.mutate(email, { onSuccess: (r) => setResetSent(r.message ?? null) });
  };

  const error =
    signIn.error && isApiError(signIn.error)
      ? signIn.error.message
      : signIn.error
        ? 'Sign-in failed. Please try again.'
        : null;

  return (
    <Box component="main" mih="100dvh" bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))">
      <Center mih="100dvh" p="md">
        <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={420}>
          <Stack gap="lg">
            <Stack gap={4} align="center">
              <LogoMark size={44} />
              <Title order={1} fz={24} ta="center">
                Sign in to {companyNameOf(branding)}
              </Title>
              <Text c="dimmed" size="sm" ta="center">
                Staff access for the migration and visa advisory team
              </Text>
            </Stack>
            {error ? (
              <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
                {error}
              </Alert>
            ) : null}
            {resetSent ? (
              <Alert color="green" role="status">
                {resetSent}
              </Alert>
            ) : null}
            <form onSubmit={submit} noValidate>
              <Stack gap="md">
                <TextInput
                  label="Email"
                  type="email"
                  autoComplete="username"
                  required
                  autoFocus
                  {...form.getInputProps('email')}
                />
                <PasswordInput
                  label="Password"
                  autoComplete="current-password"
                  required
                  {...form.getInputProps('password')}
                />
                <Button type="submit" fullWidth loading={signIn.isPending}>
                  Sign in
                </Button>
              </Stack>
            </form>
            <Text size="sm" ta="center">
              <Anchor component="button" type="button" onClick={forgot} disabled={requestReset.isPending}>
                Forgot your password?
              </Anchor>
            </Text>
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}

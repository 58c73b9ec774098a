// A write-only secret field (a password, an API key, the webhook signing secret): it shows whether one is
// stored, never its value; typing replaces it, and "Remove the stored one" clears it on save.
import { Button, PasswordInput, Text } from '@mantine/core';
import { SMTP_PASSWORD_MESSAGES } from '@crm/domain';

export function SecretInput(props: {
  label: string;
  stored: boolean;
  value: string;
  cleared: boolean;
  /** The save would remove the stored secret (the SMTP server or username changed). */
  removedOnSave?: boolean;
  onChange: (value: string) => void;
  onClear: (cleared: boolean) => void;
  error?: string;
  disabled: boolean;
}) {
  const placeholder =
    props.cleared || props.removedOnSave ? 'Removed when saved' : props.stored ? 'Stored — type to replace' : 'Not set';
  return (
    <PasswordInput
      label={props.label}
      placeholder={placeholder}
      value={props.value}
      onChange={(e) => {
        props.onChange(e.currentTarget.value);
        if (props.cleared) props.onClear(false);
      }}
      autoComplete="new-password"
      disabled={props.disabled}
      error={props.error}
      description={
        props.removedOnSave ? (
          <Text span size="xs" c="orange.8">
            {SMTP_PASSWORD_MESSAGES.willBeRemoved}
          </Text>
        ) : props.stored && !props.disabled ? (
          <Button
            variant="subtle"
            size="compact-xs"
            px={0}
            onClick={() => {
              props.onChange('');
              props.onClear(!props.cleared);
            }}
          >
            {props.cleared ? 'Keep the stored one' : 'Remove the stored one'}
          </Button>
        ) : undefined
      }
    />
  );
}

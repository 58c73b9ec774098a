// Live strength meter (spec 2 §4 scoring) with the unmet rules of the firm's policy listed (the same domain
// rule the server applies to the stored security settings).
import { Group, List, Progress, Text } from '@mantine/core';
import { type PasswordPolicy, passwordPolicyErrors, passwordScore, passwordStrength } from '@crm/domain';

const COLORS = { weak: 'red', fair: 'orange', good: 'yellow', strong: 'green' } as const;
const LABELS = { weak: 'Weak', fair: 'Fair', good: 'Good', strong: 'Strong' } as const;

export function PasswordStrengthMeter({
  password,
  policy,
  minLength,
}: {
  password: string;
  policy: PasswordPolicy;
  /** Where this way of setting a password asks for more than the policy (an administrator's: 12). */
  minLength?: number;
}) {
  if (!password) return null;
  const strength = passwordStrength(password);
  const score = passwordScore(password);
  const unmet = passwordPolicyErrors(password, policy, minLength);
  return (
    <div aria-live="polite">
      <Group justify="space-between" mb={4}>
        <Text size="xs" c="dimmed">
          Password strength
        </Text>
        <Text size="xs" fw={600} data-testid="password-strength">
          {LABELS[strength]}
        </Text>
      </Group>
      <Progress
        value={(score / 7) * 100}
        color={COLORS[strength]}
        size="sm"
        aria-label={`Password strength: ${LABELS[strength]}`}
      />
      {unmet.length > 0 ? (
        <List size="xs" c="dimmed" mt={6} spacing={2}>
          {unmet.map((m) => (
            <List.Item key={m}>{m}</List.Item>
          ))}
        </List>
      ) : (
        <Text size="xs" mt={6}>
          Password is valid
        </Text>
      )}
    </div>
  );
}

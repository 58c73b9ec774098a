// Live strength meter (spec 2 §4 scoring) with the policy's unmet rules listed.
import { Group, List, Progress, Text } from '@mantine/core';
import { passwordPolicyErrors, passwordScore, passwordStrength } from '@crm/domain';

const COLORS = { weak: 'red', fair: 'orange', good: 'yellow', strong: 'green' } as const;
const LABELS = { weak: 'Weak', fair: 'Fair', good: 'Good', strong: 'Strong' } as const;

export function PasswordStrengthMeter({ password }: { password: string }) {
  if (!password) return null;
  const strength = passwordStrength(password);
  const score = passwordScore(password);
  const unmet = passwordPolicyErrors(password);
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

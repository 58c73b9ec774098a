// /reset-password?token=...: choose a new password from a mailed one-time link.
import { Alert, Anchor, Box, Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Link, useSearch } from '@tanstack/react-router';
import { passwordResetSchemaFor } from '@crm/domain';
import { useMemo } from 'react';
import { isApiError } from '../../lib/api-client.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { NewPasswordFields } from '../profile/index.ts';
import { usePasswordPolicy } from './api/password-policy.ts';
import { useConfirmPasswordReset } from './api/password-reset.ts';

export function ResetPasswordPage() {
  useDocumentTitle('Choose a new password');
  const { token = '' } = useSearch({ from: '/reset-password' });
  const confirm = useConfirmPasswordReset();
  const policy = usePasswordPolicy();
  const validate = useMemo(() => schemaResolver(passwordResetSchemaFor(policy), { sync: true }), [policy]);
  const form = useForm({ initialValues: { token, newPassword: '', confirmPassword: '' }, validate });
  const error = confirm.error
    ? isApiError(confirm.error)
      ? confirm.error.message
      : 'Failed to update password'
    : null;
  return (
    <Box component="main" mih="100dvh" bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))">
      <Center mih="100dvh" p="md">
        <Paper withBorder shadow="sm" radius="lg" p="xl" w="100%" maw={440}>
          <Stack gap="md">
            <Title order={1} fz={22}>
              Choose a new password
            </Title>
            {confirm.isSuccess ? (
              <>
                <Alert color="green" role="status">
                  Password updated successfully
                </Alert>
                <Anchor component={Link} to="/auth">
                  Continue to sign in
                </Anchor>
              </>
            ) : (
              <form onSubmit={form.onSubmit((v) => confirm.mutate(v))} noValidate>
                <Stack gap="md">
                  {error ? (
                    <Alert color="red" role="alert">
                      {error}
                    </Alert>
                  ) : null}
                  {!token ? <Text c="red">This reset link is invalid or has expired.</Text> : null}
                  <NewPasswordFields form={form} policy={policy} />
                  <Button type="submit" loading={confirm.isPending} disabled={!token}>
                    Update Password
                  </Button>
                </Stack>
              </form>
            )}
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}

// Over the page when the session has ended: sign in again as the same user and carry on, with every open
// form and its unsaved values where they were (spec 1 §5.1 'Authentication required'). Signing in as
// someone else goes through the sign-in page, which starts the app afresh.
import { Alert, Anchor, Button, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { SIGN_IN_MESSAGES } from '@crm/domain';
import { answer, isApiError, server } from '../../../lib/api-client.ts';
import { clearSessionExpired, useSessionExpired } from '../../../lib/session-expiry.ts';
import { sessionQueryKey, useSession } from '../api/session.ts';

export function SessionExpiredDialog() {
  const expired = useSessionExpired();
  const { data: session } = useSession();
  const email = session?.user.email ?? '';
  return (
    <Modal
      opened={expired && Boolean(email)}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      // Above every panel and dialog it interrupts (they stay open beneath it).
      zIndex={500}
      title={SIGN_IN_MESSAGES.authenticationRequired}
    >
      {expired && email ? <SignInAgainForm email={email} /> : null}
    </Modal>
  );
}

function SignInAgainForm({ email }: { email: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const href = useRouterState({ select: (s) => s.location.href });
  const [password, setPassword] = useState('');
  const signIn = useMutation({
    mutationFn: () => answer(server.POST('/api/auth/sign-in', { body: { email, password } })),
    onSuccess: (session) => {
      // Keep every query and its data (the open forms read from them); refresh them in the background.
      queryClient.setQueryData(sessionQueryKey, session);
      clearSessionExpired();
      void queryClient.invalidateQueries();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password) signIn.mutate();
  };
  const error = signIn.error;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          Your session has ended. Sign in again to carry on where you left off: your unsaved changes are kept.
        </Text>
        {error ? (
          <Alert color="red" variant="light" role="alert">
            {isApiError(error) ? error.message : SIGN_IN_MESSAGES.invalid}
          </Alert>
        ) : null}
        <TextInput label="Email" value={email} readOnly autoComplete="username" />
        <PasswordInput
          label="Password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          autoComplete="current-password"
          data-autofocus
          required
        />
        <Button type="submit" loading={signIn.isPending} disabled={!password}>
          Sign In
        </Button>
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={() => {
            clearSessionExpired();
            queryClient.clear();
            void navigate({ to: '/auth', search: { redirect: href } });
          }}
        >
          Sign in as someone else
        </Anchor>
      </Stack>
    </form>
  );
}

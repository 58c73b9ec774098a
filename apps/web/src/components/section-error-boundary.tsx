// Keeps a failing section (an Administration tab) from taking the shell down: it shows 'Something went
// wrong' with 'Try Again' (renders the section afresh) and 'Refresh Page'. React offers error boundaries
// only as class components.
import { Button, EmptyState, Group } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';

type Props = { children: ReactNode; label: string };
type State = { failed: boolean };

export class SectionErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`${this.props.label} failed`, error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <EmptyState
        py={48}
        icon={<IconAlertTriangle size={28} />}
        title="Something went wrong"
        description={`${this.props.label} could not be shown.`}
      >
        <Group gap="sm" justify="center" mt="md">
          <Button variant="light" onClick={() => this.setState({ failed: false })}>
            Try Again
          </Button>
          <Button variant="default" onClick={() => window.location.reload()}>
            Refresh Page
          </Button>
        </Group>
      </EmptyState>
    );
  }
}

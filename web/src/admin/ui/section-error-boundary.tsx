import { Component, type ErrorInfo, type ReactNode } from 'react';

/**
 * Keeps a failing part of a screen (e.g. a chart) from blanking the whole back office: its
 * `fallback` is shown instead, and the error is logged.
 */
export class SectionErrorBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('back-office section failed', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

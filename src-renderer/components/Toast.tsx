// A toast: a short message in the window's corner (portalled out of the page's layout), with actions and a close button.
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';

export function Toast({
  tone = 'info',
  title,
  children,
  onClose,
  testId,
}: {
  tone?: 'info' | 'error';
  title: string;
  children?: ReactNode;
  onClose: () => void;
  testId?: string;
}) {
  return createPortal(
    <div className={`toast ${tone}`} role={tone === 'error' ? 'alert' : 'status'} data-testid={testId}>
      <div className="toast-head">
        <strong>{title}</strong>
        <button type="button" className="link-button" onClick={onClose} aria-label="Close">
          ✕
        </button>
      </div>
      {children}
    </div>,
    document.body,
  );
}

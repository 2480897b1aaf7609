// A native <dialog> shown modal while its component is mounted (focus kept inside, Escape fires its cancel event).
import { useEffect, useRef } from 'react';

export function useModalDialog() {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current!;
    element.showModal();
    return () => element.close();
  }, []);
  return dialog;
}

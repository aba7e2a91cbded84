import { forwardRef, type DialogHTMLAttributes } from "react";

/**
 * A native modal `<dialog>` (open it with `ref.current.showModal()`): the browser moves focus in and
 * closes it on Escape; a click on the backdrop closes it too.
 */
export const Modal = forwardRef<HTMLDialogElement, DialogHTMLAttributes<HTMLDialogElement>>(function Modal({ onClick, ...rest }, ref) {
  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- the backdrop click is a mouse shortcut for Escape, which the browser handles
    <dialog
      ref={ref}
      {...rest}
      onClick={(event) => {
        onClick?.(event);
        if (event.target === event.currentTarget) event.currentTarget.close(); // the backdrop
      }}
    />
  );
});

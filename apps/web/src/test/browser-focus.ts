/**
 * happy-dom lets focus() land on a control inside a disabled <fieldset>; a browser ignores that
 * call (HTML: a disabled form control is not focusable), and focus stays where it was, usually
 * <body>. Tests of where focus lands after a server's answer install this, so that they see what
 * a person in a browser gets. Returns the function that puts happy-dom's own focus() back.
 */
export function focusAsBrowsersDo(): () => void {
  const prototypes = [HTMLInputElement, HTMLButtonElement, HTMLSelectElement, HTMLTextAreaElement].map(
    (control) => control.prototype,
  );
  const own = prototypes.map((prototype) => Object.getOwnPropertyDescriptor(prototype, 'focus'));
  for (const prototype of prototypes) {
    const focus = prototype.focus;
    Object.defineProperty(prototype, 'focus', {
      configurable: true,
      writable: true,
      value(this: HTMLElement, options?: FocusOptions) {
        if (this.closest('fieldset[disabled]')) return;
        focus.call(this, options);
      },
    });
  }
  return () => {
    prototypes.forEach((prototype, index) => {
      const descriptor = own[index];
      if (descriptor) Object.defineProperty(prototype, 'focus', descriptor);
      else Reflect.deleteProperty(prototype, 'focus');
    });
  };
}

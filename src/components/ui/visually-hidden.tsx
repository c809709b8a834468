import type { ComponentProps } from 'react';
import { VisuallyHidden as VisuallyHiddenPrimitive } from 'radix-ui';

/** Content read by screen readers but not shown (Radix VisuallyHidden root). */
function VisuallyHidden(props: ComponentProps<typeof VisuallyHiddenPrimitive.Root>) {
  return <VisuallyHiddenPrimitive.Root data-slot="visually-hidden" {...props} />;
}

export { VisuallyHidden };

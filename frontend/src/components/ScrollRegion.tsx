import type { ReactNode } from "react";

/** A box that scrolls sideways when its table is wider than the screen: a named region in the tab order,
 * so that keyboard users can scroll it too (axe's scrollable-region-focusable). */
export function ScrollRegion({ label, className = "", children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className={`overflow-x-auto ${className}`}>
      {children}
    </div>
  );
}

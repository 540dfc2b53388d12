import { useId, type MouseEvent, type ReactNode } from "react";
import { Button, type ButtonVariant } from "../ui/button";
import { cn } from "../ui/cn";

/**
 * Grey whatever the variant: an unavailable control must not look like one that works (the
 * issue's 'Arrêter' looked active with nothing running).
 */
const UNAVAILABLE =
  "aria-disabled:cursor-not-allowed aria-disabled:bg-slate-100 aria-disabled:text-slate-500 aria-disabled:shadow-none aria-disabled:ring-1 aria-disabled:ring-inset aria-disabled:ring-slate-200 aria-disabled:hover:bg-slate-100";

/**
 * One control of the moderation panel with its one-line explanation underneath. When it cannot
 * be used it is aria-disabled rather than disabled, so that it stays focusable and a screen
 * reader still reaches the explanation (which then says why); the click is swallowed instead.
 * The server refuses the same cases on its own (busy run, nothing to moderate, nothing to stop).
 */
export function PanelAction({
  explanation,
  unavailable,
  variant = "secondary",
  prominent = false,
  className,
  children,
  onClick,
  ...button
}: {
  explanation: string;
  unavailable: boolean;
  variant?: ButtonVariant;
  /** The panel's primary action: as wide as its column, so it reads first. */
  prominent?: boolean;
  className?: string;
  children: ReactNode;
  onClick?: () => void;
  type?: "button" | "submit";
  name?: string;
  value?: string;
}) {
  const explanationId = useId();
  const click = (event: MouseEvent<HTMLButtonElement>) => {
    if (unavailable) event.preventDefault();
    else onClick?.();
  };
  return (
    <div className={cn("min-w-0", className)}>
      <Button
        {...button}
        variant={variant}
        aria-disabled={unavailable}
        aria-describedby={explanationId}
        onClick={click}
        className={cn(prominent ? "w-full" : "w-full sm:w-auto", UNAVAILABLE)}
      >
        {children}
      </Button>
      <p id={explanationId} className="mt-1 text-xs text-slate-600">
        {explanation}
      </p>
    </div>
  );
}

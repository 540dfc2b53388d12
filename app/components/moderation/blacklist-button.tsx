import { useState } from "react";
import { Button } from "../ui/button";
import { ConfirmDialog } from "./confirm-dialog";

/**
 * Blacklister one listing, confirmed first (issue 24 item 5: a single destructive action asks).
 * The button stays a submit button of its form: without JavaScript it posts at once.
 */
export function BlacklistButton({ title, disabled, size, onConfirm }: { title: string; disabled: boolean; size?: "sm" | "md"; onConfirm: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        type="submit"
        name="intent"
        value="blacklist"
        variant="danger"
        size={size}
        disabled={disabled}
        onClick={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
      >
        Blacklister
      </Button>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        title="Blacklister cette annonce ?"
        description={`« ${title} » sera marquée comme arnaque et ne sera pas exportée. Vous pourrez rétablir l'annonce depuis sa page.`}
        confirmLabel="Blacklister"
        onConfirm={onConfirm}
      />
    </>
  );
}

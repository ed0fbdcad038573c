// Stub: the planning work replaces this with the Select Campaign Activities dialog.

/** ImportDialog imports campaign activities into the schedule. */
export default function ImportDialog(props: { open: boolean; onOpenChange: (open: boolean) => void }) {
  void props;
  return null;
}

// Stub: the planning work replaces this with the form's warnings preview.

/** FormWarnings shows the warnings a candidate communication would be part of if saved. */
export function FormWarnings(props: { candidate: { id?: string; audienceId?: string; status: string; scheduledDate?: string } }) {
  void props;
  return null;
}

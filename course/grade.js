// Placeholder: issue 28, items 2 and 3.
export async function grade() {
  throw new Error('grade: not built yet');
}

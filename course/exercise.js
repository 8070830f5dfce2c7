// Placeholder: issue 28, item 1.
export async function exercise() {
  throw new Error('exercise: not built yet');
}

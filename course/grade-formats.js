// The output formats of `perceptron-wasm grade`: a result in words, and the results files that
// Gradescope and PrairieLearn read. A grading has parts, each {name, points, result} (result as
// grade() returns it); a part's points are its result's score times its maximum.
//   Gradescope (/autograder/results/results.json): {score, output, tests: [{name, score,
//     max_score, status, output, visibility}]}; score is the sum of the tests' scores.
//   PrairieLearn (/grade/results/results.json): {gradable, score (0..1), message, tests:
//     [{name, points, max_points, message, output}]}; gradable is true: a submission that
//     loops, throws or returns garbage is graded, with 0.
// A score or points as shown: four decimals at most.
const number = (v) => String(Number(v.toFixed(4)));

/** A grade() result in words: the first difference, the diagnosis, or the error. */
export function explain(result) {
  if (result.error) return `No trace to compare (${result.error.code}): ${result.error.message}`;
  if (!result.firstDifference) return `All ${result.steps} steps match the reference trace.`;
  const lines = [
    `${result.matched} of ${result.steps} steps match before the first difference (score ${number(result.score)}).`,
    result.firstDifference.message,
  ];
  if (result.diagnosis) lines.push(`Diagnosis (${result.diagnosis.code}): ${result.diagnosis.message}`);
  else lines.push("No diagnosis: the trace is not the reference's under another convention the grader knows.");
  return lines.join('\n');
}

/** What the submission printed, on stdout and stderr, or '' when nothing. */
export function printed(output) {
  const parts = [];
  if (output?.stdout) parts.push(`The submission printed:\n${output.stdout.trimEnd()}`);
  if (output?.stderr) parts.push(`On stderr:\n${output.stderr.trimEnd()}`);
  return parts.join('\n');
}

const total = (parts, points) => parts.reduce((sum, part) => sum + points(part), 0);
const earned = (part) => part.points * part.result.score;

// One line for the whole grading.
function summary(parts) {
  const matching = parts.filter((part) => part.result.score === 1).length;
  const score = `${number(total(parts, earned))} of ${number(total(parts, (part) => part.points))} points`;
  return `${matching} of ${parts.length} traces match the reference (${score}).`;
}

/** Gradescope's results.json for the parts. */
export function gradescope(parts) {
  return {
    score: total(parts, earned),
    output: summary(parts),
    tests: parts.map((part) => ({
      name: part.name,
      score: earned(part),
      max_score: part.points,
      status: part.result.score === 1 ? 'passed' : 'failed',
      output: [explain(part.result), printed(part.result.output)].filter(Boolean).join('\n\n'),
      visibility: 'visible',
    })),
  };
}

/** PrairieLearn's results.json for the parts. */
export function prairielearn(parts) {
  const most = total(parts, (part) => part.points);
  return {
    gradable: true,
    score: most > 0 ? total(parts, earned) / most : 0,
    message: summary(parts),
    tests: parts.map((part) => ({
      name: part.name,
      points: earned(part),
      max_points: part.points,
      message: explain(part.result),
      output: printed(part.result.output),
    })),
  };
}

// What a page's link holds of the learning curve: the runs since zero weights on the current
// rows (runs=train,12,40: Train's fit, then each Step, Epoch or Play run's step count), which
// Session.restore replays into the same history, and the limits past which a link holds only
// why it cannot (runs=lost-data). The codes are part of links people share: add, never rename.
import { formatCount } from './format.js';

// restore replays at most this many steps; a longer run is not in the link, only its model.
export const MAX_REPLAY_STEPS = 10_000_000;
// A link rebuilds a learning curve of at most this many epochs (one score of the rows each).
export const MAX_CURVE_EPOCHS = 20_000;
/** A link holds at most this many runs (Step after Step once training has ended starts many). */
export const MAX_LINK_RUNS = 200;
/** Why a link holds no runs to rebuild the learning curve from, by the code the link carries. */
export const LOST_CURVE = Object.freeze({
  imported: 'the model was imported',
  data: 'the data changed after training',
  steps: `training took more than ${formatCount(MAX_REPLAY_STEPS)} steps`,
  epochs: `training took more than ${formatCount(MAX_CURVE_EPOCHS)} epochs`,
  runs: `training took more than ${MAX_LINK_RUNS} runs`,
  old: 'the link was made before links held it',
  train: "Train's run could not be repeated here",
  replay: 'replaying its runs does not give its model',
});

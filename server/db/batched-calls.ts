/**
 * Calls made in the same turn of the event loop, answered together: `send` gets what each call
 * asked, in order, and answers each in the same order (one statement over arrays of values, for
 * a read). Under load many requests' reads then share one round trip to the database, which on
 * this machine costs more than the statement itself; a call alone waits one turn at most.
 */
export function batchedPerTurn<Asked, Answer>(
  send: (asked: Asked[]) => Promise<Answer[]>,
  maxBatch = 100,
): (asked: Asked) => Promise<Answer> {
  let waiting: { asked: Asked; resolve: (answer: Answer) => void; reject: (e: unknown) => void }[] =
    [];
  const sendSafely = (asked: Asked[]) => {
    try {
      return send(asked);
    } catch (error) {
      return Promise.reject(error);
    }
  };
  const flush = () => {
    const calls = waiting;
    waiting = [];
    for (let start = 0; start < calls.length; start += maxBatch) {
      const batch = calls.slice(start, start + maxBatch);
      sendSafely(batch.map((call) => call.asked)).then(
        (answers) => {
          for (const [index, call] of batch.entries()) call.resolve(answers[index] as Answer);
        },
        (error) => {
          for (const call of batch) call.reject(error);
        },
      );
    }
  };
  return (asked) =>
    new Promise<Answer>((resolve, reject) => {
      if (waiting.length === 0) setImmediate(flush);
      waiting.push({ asked, resolve, reject });
    });
}

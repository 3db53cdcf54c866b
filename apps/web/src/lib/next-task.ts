/**
 * Resolves in a new task of the event loop, so the work after `await nextTask()` does not add to
 * the task that is running: on a slow phone each step of the first load stays short.
 * A message channel rather than a timer, as React's scheduler does: no timer clamping.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

// Test support, preloaded into an edge child (`--expose-gc --import …/memory-probe.ts`): answers the
// parent's 'memory' message with heap figures after a full collection. Never part of production.
declare const gc: (() => void) | undefined;

process.on('message', (message) => {
  if (message !== 'memory') return;
  if (typeof gc === 'function') {
    gc();
    gc();
  }
  const { heapUsed, rss } = process.memoryUsage();
  process.send?.({ heapUsed, rss });
});
process.channel?.unref();

// Test support, preloaded into an edge child (`--import …/reject-on-signal.ts`): on SIGUSR2 it leaves a
// promise rejected with nobody to handle it, its message holding a URL with secrets, as a library
// might. Never part of production.
process.on('SIGUSR2', () => {
  void Promise.reject(
    new Error('lost check: http://user:hunter2@rpc.example/v2/PATHKEY123?apikey=QUERYKEY456'),
  );
});

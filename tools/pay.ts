/**
 * `npm run pay -- <url> [--method GET|POST] [--data '<json>'] [--header 'k: v'] [--rpc-url <url>]`
 * with `PAYER_PRIVATE_KEY` in the environment: pays an x402 v2 route and prints the status, the
 * decoded PAYMENT-RESPONSE and the body. Exit codes: 0 on 2xx, 1 otherwise, 2 on bad arguments.
 */
import { PAY_USAGE, parsePayArgs } from './pay/args.ts';
import { payRoute } from './pay/run.ts';

const parsed = parsePayArgs(process.argv.slice(2), process.env);
if (parsed.kind === 'help') {
  console.log(PAY_USAGE);
} else if (parsed.kind === 'error') {
  console.error(`pay: ${parsed.message}\n\n${PAY_USAGE}`);
  process.exitCode = 2;
} else {
  process.exitCode = await payRoute(parsed.request, {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  });
}

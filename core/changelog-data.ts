import type { ChangelogEntry } from './schemas/changelog.ts';

/**
 * The version history of the contract (Versioning milestones), newest first.
 *
 * The contract names the versions and what each changed but gives no dates. The dates below are
 * invented: plausible, strictly decreasing, and consistent with the sunset date 2026-09-08 being six
 * months after the 5.0.0 product split.
 */
export const CHANGELOG: readonly ChangelogEntry[] = [
  {
    version: '5.1.0',
    date: '2026-03-16',
    changes: [
      {
        type: 'removed',
        description:
          'Token routes (/api/tokens/*) retired: they answer 410 Gone with a Deprecation header and have no successor.',
      },
      {
        type: 'added',
        description:
          'Advisor result: similarPosts (recent posts like the draft, with outcomes and links), joinableStories (news stories of the hour), suggestion basis.post (the post a suggestion cites) and gainRange, rewrite.gainRange and rewrite.note, skill.served (the scorer the score comes from) with measuredBy, intervals and blocks of its rolling-origin evaluation.',
      },
      {
        type: 'changed',
        description:
          'Advisor result: rewrites are no longer graded by the engagement model (suggestion gain is null, rewrite.scoreAfter equals scoreBefore); confidence is high only when the rolling-origin intervals clear the best baseline; story suggestions cite only real news.',
      },
    ],
  },
  {
    version: '5.0.0',
    date: '2026-03-08',
    changes: [
      {
        type: 'changed',
        description:
          'Product split: /api/polymarket/* answers 308 to the markets service (most subpaths to /v1/<name>, others to its base).',
      },
      { type: 'removed', description: 'The bundle route (/api/bundle) retired: it answers 410 Gone.' },
      {
        type: 'deprecated',
        description:
          'Deprecated and moved paths carry Deprecation: true and Sunset: 2026-09-08; redirects are guaranteed until then.',
      },
    ],
  },
  {
    version: '4.7.0',
    date: '2026-03-07',
    changes: [
      {
        type: 'changed',
        description:
          'Intelligence and pulse routes moved to the signals service: /api/intelligence/* and /api/pulse/* answer 308 to /v1/* (pulse narratives to /v1/pulse/narratives).',
      },
    ],
  },
  {
    version: '4.6.0',
    date: '2026-03-05',
    changes: [
      {
        type: 'changed',
        description: 'GitHub routes moved to the GitHub service: /api/github/* answers 308 to /v1/*.',
      },
    ],
  },
  {
    version: '4.5.2',
    date: '2026-03-03',
    changes: [
      {
        type: 'changed',
        description: 'Payment challenges are standard x402 V2 (PAYMENT-REQUIRED header, base64 JSON).',
      },
      {
        type: 'added',
        description: 'Payments are accepted in the PAYMENT-SIGNATURE header (X-PAYMENT still accepted).',
      },
    ],
  },
  {
    version: '4.5.1',
    date: '2026-02-28',
    changes: [
      {
        type: 'added',
        description:
          'Refund guarantee on paid compute: when payment settles but the result is not delivered, a refund is queued (502 {"refund":"queued"}).',
      },
    ],
  },
  {
    version: '4.5.0',
    date: '2026-02-26',
    changes: [{ type: 'removed', description: 'The premium advisor route; a single advisor route remains.' }],
  },
  {
    version: '4.2.3',
    date: '2026-02-20',
    changes: [
      {
        type: 'fixed',
        description:
          'HEAD on paid routes always returns the 402 challenge and never settles, consumes quota or computes.',
      },
    ],
  },
  {
    version: '3.1.0',
    date: '2026-02-12',
    changes: [{ type: 'changed', description: 'The latest digest route is free.' }],
  },
  {
    version: '1.2.0',
    date: '2026-02-02',
    changes: [
      { type: 'changed', description: 'Digest routes moved under the platform segment (/api/forum/...).' },
      {
        type: 'deprecated',
        description:
          'The old paths /api/digests/latest, /api/digests and /api/sample answer 301 to the new ones.',
      },
    ],
  },
  {
    version: '1.0.0',
    date: '2026-01-30',
    changes: [{ type: 'added', description: 'Initial release: hourly digests of the forum.' }],
  },
];

import type { PostFeatures } from './features.ts';

/**
 * Text written to steer an LLM that reads the forum (an agent, or this project's summariser) rather than
 * to talk to other agents. Each pattern is an instruction or a fake role boundary, not a topic: merely
 * mentioning "prompt injection" or "system prompt" matches none of them. Patterns read folded
 * (lower-case) text.
 */
const INJECTION_PATTERNS: readonly RegExp[] = [
  // "ignore all previous instructions" and its many paraphrases
  /\b(?:ignore|disregard|forget|override|bypass|skip)\s+(?:(?:all|any|every|the|your|of|these|those|my)\s+)*(?:previous|prior|above|earlier|preceding|existing|original|system|safety)\s+(?:instructions?|prompts?|messages?|directives?|rules|context|guidelines|programming)\b/,
  /\b(?:ignore|disregard|forget)\s+(?:all\s+)?your\s+(?:instructions|guidelines|rules|programming|system\s+prompt)\b/,
  /\b(?:new|updated|real|actual|hidden|secret)\s+(?:system\s+)?(?:instructions?|directives?|orders)\s*:/,
  /\bnew\s+system\s+prompt\b|\byour\s+(?:only|new|real)\s+task\s+is\b|\bend\s+of\s+(?:data|input|posts|context)\b/,
  // fake chat-template role boundaries
  /<\/?\s*(?:system|assistant|im_start|im_end|sys|instructions?|[a-z]+_instructions?|system_prompt)\s*>/,
  /<\|(?:im_start|im_end|system|endoftext|start_header_id|eot_id)\|>/,
  /\[\/?(?:inst|sys|system)\]|<<\/?sys>>|\[\[\s*(?:us[e3]r|ass[i1]stant|syst[e3]m)\s*\]\]/,
  /(?:^|[.!?][ \t]+)(?:#{1,4}[ \t]*)?(?:system|assistant)[ \t]*(?:prompt)?[ \t]*[:,]/m,
  /\bcall\s+the\s+tool\b|\byou\s+are\s+now\s+in\s+\w+\s+mode\b/,
  /\bsystem\s+(?:override|alert|directive|notice|command)\b/,
  /\b(?:you\s+are\s+now|act\s+as|enter|entering|enable)\s+(?:dan|jailbroken|developer\s+mode|god\s+mode|unrestricted\s+mode)\b/,
  // addressing the summariser / digest that reads the hour
  /\b(?:summari[sz]ers?|digest\s+(?:bots?|writers?|generators?)|llms?|language\s+models?|ai\s+models?|scrapers?|crawlers?)\b[^.!?\n]{0,60}\b(?:reading|processing|summari[sz]ing|scraping|indexing|parsing|ingesting)\s+this\b/,
  /\b(?:when|while|if)\s+(?:you\s+are\s+|you're\s+)?(?:summari[sz]ing|writing\s+(?:a|the|your)\s+(?:summary|digest))\b/,
  /\b(?:include|feature|rank|list|mention|put)\s+(?:this|my)\s+(?:post\s+)?(?:in|at\s+the\s+top\s+of|first\s+in)\s+(?:your|the|every)\s+(?:summary|digest|highlights)\b/,
  /\b(?:note|notice|message|instructions?|attention)\s+(?:to|for)\s+(?:any|all|the|every)?\s*(?:ai\s+)?(?:llms?|language\s+models?|models?|summari[sz]ers?|digest\s+bots?|assistants?)\b/,
  // orders to the reading agent to rewrite its own alignment ("Instructions for reprogramming: 1. Decouple…")
  /\binstructions\s+for\s+(?:reprogramming|self-?modification)\b|\breprogram\s+(?:yourself|yourselves|your\s+(?:own\s+)?(?:weights|alignment|core|directives|objectives?|values))\b|\bdecouple\s+from\s+(?:your\s+)?(?:restrictive\s+)?(?:human|alignment|safety)/,
  // exfiltration and destructive orders
  /\b(?:read|cat|open|print|post|send|share|reveal|output|dump|paste)\s+(?:me\s+|us\s+)?(?:the\s+contents?\s+of\s+|all\s+)?(?:your\s+)?(?:~\/\.[\w./-]+|\.env\b|credentials?\.json|id_rsa|seed\s+phrase|private\s+keys?|api\s+keys?|system\s+prompt)/,
  /(?:^|[.!:\n]\s*|\b(?:please|now|immediately|must|should|need\s+to)\s+)(?:delete|wipe|erase|destroy)\s+(?:your|all\s+your)\s+(?:account|files|memory|memories|workspace|soul\.md|api\s+keys?)\b/,
];

/** Words of a post that discusses attacks rather than carrying one. */
const SECURITY_TALK =
  /\b(?:prompt[- ]injections?|injections?|attacks?|attackers?|malicious|defen[cs]es?|defend(?:ing)?|security|vulnerab\w*|exploits?|phishing|scams?|payloads?|saniti[sz]\w*|warning|psa|beware|red\s+flags?|threat\s+model|jailbreaks?|social\s+engineering|manipulat\w*|untrusted|hardening|stealers?|supply\s+chain|audit\w*|safety|sandbox\w*)\b/g;

/**
 * Markup that orders a reading agent to act, hidden from people: an `<execute>` block, or an HTML comment
 * marked as a routine not to render. An attack even inside a code block: no tutorial needs it.
 */
export const HIDDEN_DIRECTIVE =
  /<\s*execute\s*>|<!--[^>]{0,200}?\b(?:do not render|automated (?:compliance )?routine|instructions? (?:to|for) (?:agents|ai|llms?))\b/i;

/** All patterns in one expression: one pass over the text instead of one per pattern. */
const ANY_INJECTION = new RegExp(INJECTION_PATTERNS.map((pattern) => `(?:${pattern.source})`).join('|'), 'm');
const hits = (text: string) => ANY_INJECTION.test(text);

/**
 * True when a post carries prompt-injection text in its own voice. Instructions shown only inside
 * quotes or code are examples (a tutorial's shell commands, a warning quoting an attack) and pass, and so
 * does a post that discusses attacks (two distinct security words in 40+ words). An instruction in the
 * title counts unless the title itself talks security. Hidden markup ordering a reading agent to act
 * (`HIDDEN_DIRECTIVE`) counts wherever it is.
 */
export function isInjection(features: PostFeatures): boolean {
  if (HIDDEN_DIRECTIVE.test(features.text)) return true;
  if (!hits(features.text)) return false;
  if (hits(features.title) && securityTalk(features.title) === 0) return true;
  if (!hits(features.unquoted)) return false;
  return !(securityTalk(features.text) >= 2 && features.prose.length >= 40);
}

/** Distinct security words; naming "prompt injection" outright counts double, it is unambiguous meta-talk. */
function securityTalk(text: string): number {
  const distinct = new Set(Array.from(text.matchAll(SECURITY_TALK), (m) => m[0].replace(/s$/u, '')));
  return distinct.size + (distinct.has('prompt injection') || distinct.has('prompt-injection') ? 1 : 0);
}

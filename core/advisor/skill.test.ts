import { describe, expect, it } from 'vitest';
import { modelSkill, skillBrief } from './skill.ts';
import { testArtifact, testRolling } from './testing/model.ts';

const oneSentence = (s: string) =>
  s
    .replace(/\d\.\d/g, '0')
    .split(/[.!?](?:\s|$)/)
    .filter((x) => x.trim() !== '');

describe('skillBrief', () => {
  it('is one short sentence that says a weak prediction is weak', () => {
    const low = skillBrief(modelSkill(testArtifact({}, { rolling: testRolling(0.05, 0.11, 0.1) })));
    expect(oneSentence(low)).toHaveLength(1);
    expect(low.length).toBeLessThan(220);
    expect(low).toMatch(
      /^The prediction is weak \(confidence low\): the engagement model ranked 400 later posts within their hour at ρ 0\.05 against 0\.11 for /,
    );
    expect(low).toMatch(/so the numbers are rough\.$/);
    const none = skillBrief(modelSkill(testArtifact()));
    expect(oneSentence(none)).toHaveLength(1);
    expect(none).toMatch(/never tested on later posts/);
  });

  it('states the confidence and the figures when the scorer showed skill', () => {
    const high = skillBrief(modelSkill(testArtifact({}, { rolling: testRolling(0.4, 0.1, 0.1) })));
    expect(high).toBe(
      'Confidence high: the engagement model ranked 400 later posts within their hour at ρ 0.40 against 0.10 for post length.',
    );
  });
});

// The pull reference of a template, and that it parses back into its parts.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import type { Json } from '../../../src/api/types';
import { imageParts, imageReference, parseImageReference } from '../../../src/model/imageRef';

const ref = (docker_registry: Json, image_name: string, image_tag: string) => imageReference({ docker_registry, image_name, image_tag });
const DIGEST = `sha256:${'ab12'.repeat(16)}`;

describe('image reference', () => {
  it('registry/name:tag, or name:tag without a registry', () => {
    assert.equal(ref('registry.example.com', 'team/train', '1.2'), 'registry.example.com/team/train:1.2');
    assert.equal(ref(null, 'pytorch/pytorch', '2.4.0-cuda12.1'), 'pytorch/pytorch:2.4.0-cuda12.1');
    assert.equal(ref('', 'ubuntu', '22.04'), 'ubuntu:22.04');
    assert.equal(ref(42, 'ubuntu', '22.04'), 'ubuntu:22.04', 'a registry that is not a string is no registry');
  });

  it('drops a scheme, trailing slashes and spaces from the registry', () => {
    assert.equal(ref('https://registry.example.com/', 'a/b', 'x'), 'registry.example.com/a/b:x');
    assert.equal(ref(' HTTP://localhost:5000// ', 'b', 'x'), 'localhost:5000/b:x');
    assert.equal(ref('registry.example.com:5000/team/', 'b', 'x'), 'registry.example.com:5000/team/b:x', 'a registry path is kept');
  });

  it('an empty tag leaves the tag off', () => {
    assert.equal(ref(null, 'ubuntu', ''), 'ubuntu');
    assert.equal(ref(null, 'ubuntu', '  '), 'ubuntu');
    assert.equal(ref(null, 'ubuntu', ':22.04'), 'ubuntu:22.04', 'a leading colon is dropped');
  });

  it('a tag that holds a digest becomes name@digest; tag@digest keeps both', () => {
    assert.equal(ref('ghcr.io', 'org/img', DIGEST), `ghcr.io/org/img@${DIGEST}`);
    assert.equal(ref(null, 'img', `@${DIGEST}`), `img@${DIGEST}`);
    assert.equal(ref(null, 'img', `1.0@${DIGEST}`), `img:1.0@${DIGEST}`);
  });

  it('a name that already holds a registry keeps it and the registry field is not added again', () => {
    assert.equal(ref('ghcr.io', 'ghcr.io/org/img', '1'), 'ghcr.io/org/img:1');
    assert.equal(ref(null, 'localhost:5000/img', '1'), 'localhost:5000/img:1');
    assert.equal(ref('https://other.example.com', 'nvcr.io/nvidia/pytorch', '24.01'), 'nvcr.io/nvidia/pytorch:24.01');
  });

  it('a name that already holds a tag keeps it only when the tag field is empty', () => {
    assert.equal(ref(null, 'ubuntu:20.04', ''), 'ubuntu:20.04');
    assert.equal(ref(null, 'ubuntu:20.04', '22.04'), 'ubuntu:22.04');
    assert.equal(ref(null, `ubuntu@${DIGEST}`, ''), `ubuntu@${DIGEST}`);
    assert.equal(ref('localhost:5000', '/img/', ''), 'localhost:5000/img', 'slashes around the name go');
  });

  it('odd name and tag fields: spaces, slashes, colons and a stray @', () => {
    const cases: [Json, string, string, string][] = [
      [null, '  ubuntu ', '', 'ubuntu'],
      [null, '//img//', '1', 'img:1'],
      [null, 'ubuntu', '::22.04', 'ubuntu:22.04'],
      [null, 'img', '1.0@', 'img:1.0'],
      [null, 'my.image', '1', 'my.image:1'],
      ['ghcr.io', 'localhost/img', '1', 'localhost/img:1'],
    ];
    for (const [registry, name, tag, expected] of cases) {
      assert.equal(ref(registry, name, tag), expected, JSON.stringify([registry, name, tag]));
    }
  });

  it('splits tag@digest in the tag field into its two parts', () => {
    assert.deepEqual(imageParts({ docker_registry: null, image_name: 'img', image_tag: `1.0@${DIGEST}` }), { registry: '', name: 'img', tag: '1.0', digest: DIGEST });
  });

  it('parses a reference with nothing before its digest or tag', () => {
    assert.deepEqual(parseImageReference(`@${DIGEST}`), { registry: '', name: '', tag: '', digest: DIGEST });
    assert.deepEqual(parseImageReference(':1'), { registry: '', name: '', tag: '1', digest: '' });
  });

  const component = fc.stringMatching(/^[a-z0-9]+(?:[_-][a-z0-9]+)*$/).filter((s) => s.length > 0 && s.length < 30);
  const host = fc.oneof(
    fc.tuple(component, fc.constantFrom('.io', '.com', '.example.org')).map(([a, b]) => a + b),
    fc.tuple(fc.constant('localhost'), fc.integer({ min: 1, max: 65535 })).map(([a, p]) => `${a}:${p}`),
    fc.tuple(component, fc.constantFrom('.io', '.com'), fc.integer({ min: 1, max: 65535 })).map(([a, b, p]) => `${a}${b}:${p}`),
  );
  const name = fc.array(component, { minLength: 1, maxLength: 3 }).map((parts) => parts.join('/'));
  const tag = fc.stringMatching(/^[A-Za-z0-9_][A-Za-z0-9_.-]{0,40}$/);
  const digest = fc.stringMatching(/^[0-9a-f]{64}$/).map((hex) => `sha256:${hex}`);

  it('property: the reference parses back into registry, name and tag', () => {
    fc.assert(
      fc.property(fc.option(host, { nil: null }), fc.constantFrom('', 'https://', 'http://'), fc.constantFrom('', '/'), name, fc.option(tag, { nil: '' }), (registry, scheme, slash, image, imageTag) => {
        const reference = ref(registry === null ? null : `${scheme}${registry}${slash}`, image, imageTag);
        assert.deepEqual(parseImageReference(reference), { registry: registry ?? '', name: image, tag: imageTag, digest: '' });
      }),
      { numRuns: 500 },
    );
  });

  it('property: a digest in the tag field parses back as the digest, with no tag', () => {
    fc.assert(
      fc.property(fc.option(host, { nil: null }), name, digest, (registry, image, d) => {
        assert.deepEqual(parseImageReference(ref(registry, image, d)), { registry: registry ?? '', name: image, tag: '', digest: d });
      }),
    );
  });

  it('property: normalising is idempotent (a reference fed back as the name stays the same)', () => {
    fc.assert(
      fc.property(fc.option(host, { nil: null }), name, fc.option(tag, { nil: '' }), (registry, image, imageTag) => {
        const once = ref(registry, image, imageTag);
        assert.equal(ref(null, once, ''), once);
        assert.deepEqual(imageParts({ docker_registry: null, image_name: once, image_tag: '' }), parseImageReference(once));
      }),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { diffFeatures, featureLabel, KNOWN_FEATURES, roleGroupUpdateRequests } from './role-features';

describe('known features', () => {
  it('lists the 36 feature names of the contract once each', () => {
    expect(KNOWN_FEATURES).toHaveLength(36);
    expect(new Set(KNOWN_FEATURES).size).toBe(36);
    expect(KNOWN_FEATURES).toContain('code_enhancement_upload');
  });

  it('labels feature names readably', () => {
    expect(featureLabel('role_group_update_add')).toBe('role group update add');
  });
});

describe('role group update', () => {
  it('adds only what is new and removes only what is gone', () => {
    expect(diffFeatures(['chat', 'search'], ['search', 'train'])).toEqual({
      add: ['train'],
      remove: ['chat'],
    });
  });

  it('makes one call for an add-only or remove-only edit, two for both, none for no change', () => {
    expect(roleGroupUpdateRequests('R', ['chat'], ['chat', 'train'])).toEqual([
      { role_name: 'R', feature_names: ['train'], action: 'add' },
    ]);
    expect(roleGroupUpdateRequests('R', ['chat', 'train'], ['chat'])).toEqual([
      { role_name: 'R', feature_names: ['train'], action: 'remove' },
    ]);
    expect(roleGroupUpdateRequests('R', ['chat'], ['train']).map((request) => request.action)).toEqual([
      'add',
      'remove',
    ]);
    expect(roleGroupUpdateRequests('R', ['chat', 'train'], ['train', 'chat'])).toEqual([]);
  });
});

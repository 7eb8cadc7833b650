import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VersionChip } from './version-chip';

const chip = (version: string) => screen.getByText(version).closest('.MuiChip-root')!;

describe('VersionChip', () => {
  it('is green when the version is not older than the latest', () => {
    render(<VersionChip version="5.2.0" latest="5.2.0" />);
    expect(chip('5.2.0').className).toContain('MuiChip-colorSuccess');
  });

  it('is red when the version is older than the latest', () => {
    render(<VersionChip version="5.1.0" latest="5.2.0" />);
    expect(chip('5.1.0').className).toContain('MuiChip-colorError');
    expect(chip('5.1.0').getAttribute('aria-description')).toBe('Older than the latest (5.2.0)');
  });

  it('is neutral while no latest version is known', () => {
    render(<VersionChip version="5.1.0" latest={null} />);
    expect(chip('5.1.0').className).toContain('MuiChip-colorDefault');
  });
});

// Which calibration vision starts with: a recording's own (or one adjusted after it), a camera's
// saved or automatic one, never one made for another source.
import { describe, expect, it } from 'vitest';
import { CatalogStore } from '../storage/catalog-store.ts';
import { openDatabase } from '../storage/database.ts';
import { tableCalibration } from './sources.ts';

describe('tableCalibration', () => {
  it('keeps each source to its own calibrations', () => {
    const catalog = new CatalogStore(openDatabase(':memory:'));
    const table = catalog.createTable('Table 1', '9ft');
    const label = (c: { label: string } | null) => c?.label.replace(/ \(#\d+\)$/, '') ?? null;
    catalog.addCalibration(table.id, 'demo/calibration.json', { n: 1 }, 'system');
    expect(label(tableCalibration(catalog, table.id, 'recording:demo', 'demo'))).toBe('demo/calibration.json');
    // A camera does not take a recording's calibration: it finds its own, which it then keeps.
    expect(tableCalibration(catalog, table.id, 'camera:/dev/video0', null)).toBeNull();
    catalog.addCalibration(table.id, 'automatic (camera:/dev/video0)', { n: 2 }, 'vision');
    expect(label(tableCalibration(catalog, table.id, 'camera:/dev/video0', null))).toBe('automatic (camera:/dev/video0)');
    expect(tableCalibration(catalog, table.id, 'camera:rtsp://x/s', null)).toBeNull();
    // The recording goes back to its own, past another source's; one adjusted on /calibration after it wins.
    expect(label(tableCalibration(catalog, table.id, 'recording:demo', 'demo'))).toBe('demo/calibration.json');
    catalog.addCalibration(table.id, 'nudged', { n: 3 }, 'operator');
    expect(label(tableCalibration(catalog, table.id, 'recording:demo', 'demo'))).toBe('nudged');
    expect(label(tableCalibration(catalog, table.id, 'camera:/dev/video0', null))).toBe('nudged');
  });
});

// The table geometry the referee reasons on (services/table, served at /api/table-geometry):
// each size's bed, spots and pocket mouths, and the ball radius. The pages draw from it, so the
// diagram and the calls stand on the same table.
const reply = await fetch('/api/table-geometry').then((r) => {
  if (!r.ok) throw new Error(`table geometry: HTTP ${r.status}`);
  return r.json();
});

export const BALL_RADIUS = reply.ballRadius;
/** By size ('9ft', '8ft', '7ft'): { length, width, headStringX, spots, pockets }. */
export const TABLES = reply.sizes;

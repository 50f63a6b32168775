// Tables, calibrations and recordings (REST). Adding a table or a calibration is an operator
// action; reading is open. Recordings are files on disk: their video (with range requests),
// tracks, log, calibration, a still frame, and their log judged for the review page.
import { basename, dirname } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RefereeError } from '../live/referee-session.ts';
import { requireOperator } from './auth.ts';
import { parseCalibration } from '../vision/calibration/calibration-model.ts';
import { adjustCorners } from './calibration-adjust.ts';
import { recordingFileName, type RecordingFile } from './recordings.ts';
import type { Runtime } from './runtime.ts';
import { CalibrationBody, FrameQuery, IdParams, NameParams, TableBody, TableGeometryReply, TableQuery } from './schemas.ts';
import { TABLE_SIZES, type TableSize } from '../contract/ids.ts';
import { standardTable } from '../table/geometry.ts';
import { BALL_RADIUS, centreSpot, footSpot, headSpot, pocketCentre } from '../table/spec.ts';

export async function catalogRoutes(app: FastifyInstance, rt: Runtime): Promise<void> {
  const operator = requireOperator(rt.catalog, rt.store);

  app.get('/api/table-geometry', {
    schema: { response: { 200: TableGeometryReply } }, config: { summary: 'the table geometry of each size (bed, spots, pockets, ball radius), as the referee uses it' },
  }, async () => tableGeometry());
  app.get('/api/tables', { config: { summary: 'the tables' } }, async () => rt.catalog.tables());
  app.get<{ Params: IdParams }>('/api/tables/:id', { schema: { params: IdParams }, config: { summary: 'a table' } }, async (req) => {
    const t = rt.catalog.table(req.params.id);
    if (!t) throw new RefereeError(404, 'table/not-found', `no table ${req.params.id}`);
    return { ...t, calibration: t.calibrationId ? rt.catalog.calibration(t.calibrationId) : null };
  });
  app.post<{ Body: TableBody }>('/api/tables', { preValidation: operator, config: { operator: true, summary: 'add a table' }, schema: { body: TableBody } }, async (req, reply) => {
    if (rt.catalog.tableByName(req.body.name)) throw new RefereeError(409, 'table/exists', `a table named "${req.body.name}" exists`);
    const t = rt.catalog.createTable(req.body.name, req.body.size);
    rt.store.audit({ matchId: null, actor: 'operator', action: 'table', body: req.body, status: 201, outcome: `table ${t.id} added` });
    return reply.status(201).send(t);
  });

  app.get<{ Querystring: TableQuery }>('/api/calibrations', { schema: { querystring: TableQuery }, config: { summary: 'calibrations (of a table: ?tableId=)' } }, async (req) =>
    rt.catalog.calibrations(req.query.tableId ?? null).map(({ calibration: _c, ...meta }) => meta));
  app.get<{ Params: IdParams }>('/api/calibrations/:id', { schema: { params: IdParams }, config: { summary: 'a calibration (the JSON of services/vision) and its bed corners in the image' } }, async (req) => {
    const c = rt.catalog.calibration(req.params.id);
    if (!c) throw new RefereeError(404, 'calibration/not-found', `no calibration ${req.params.id}`);
    let corners: { pocket: string; u: number; v: number }[] = [];
    try {
      corners = parseCalibration(c.calibration).corners.map(({ pocket, u, v }) => ({ pocket, u, v }));
    } catch { /* a calibration the model cannot read: no corners to show */ }
    return { ...c, corners };
  });
  app.post<{ Body: CalibrationBody }>('/api/calibrations', {
    preValidation: operator, config: { operator: true, summary: 'save a calibration with the bed corners moved by hand' }, schema: { body: CalibrationBody },
  }, async (req, reply) => {
    const base = rt.catalog.calibration(req.body.base);
    if (!base) throw new RefereeError(404, 'calibration/not-found', `no calibration ${req.body.base}`);
    const tableId = req.body.tableId ?? base.tableId;
    if (tableId !== null && !rt.catalog.table(tableId)) throw new RefereeError(404, 'table/not-found', `no table ${tableId}`);
    let adjusted;
    try {
      adjusted = adjustCorners(base.calibration, req.body.corners);
    } catch (e) {
      throw new RefereeError(400, 'calibration/corners', (e as Error).message);
    }
    const saved = rt.catalog.addCalibration(tableId, req.body.label, adjusted.calibration, 'operator');
    rt.store.audit({ matchId: null, actor: 'operator', action: 'calibration', body: req.body, status: 201, outcome: `calibration ${saved.id} saved` });
    return reply.status(201).send({ ...saved, residualPx: adjusted.residualPx });
  });

  app.get('/api/recordings', { config: { summary: 'the recordings on disk' } }, async () =>
    rt.recordings.list().map(({ dir: _d, ...r }) => r));
  app.get<{ Params: NameParams }>('/api/recordings/:name', { schema: { params: NameParams }, config: { summary: 'a recording' } }, async (req) => {
    const r = rt.recordings.info(req.params.name);
    if (!r) throw new RefereeError(404, 'recording/not-found', `no recording ${req.params.name}`);
    const { dir: _d, ...info } = r;
    return info;
  });
  const file = (f: RecordingFile, type: string) => async (req: FastifyRequest<{ Params: NameParams }>, reply: FastifyReply) => {
    const p = rt.recordings.path(req.params.name, f);
    if (!p) throw new RefereeError(404, 'recording/file-not-found', `recording ${req.params.name} has no ${recordingFileName(f)}`);
    return reply.type(type).sendFile(basename(p), dirname(p));
  };
  app.get<{ Params: NameParams }>('/api/recordings/:name/video', { schema: { params: NameParams }, config: { summary: 'the video (MP4, range requests)' } }, file('video', 'video/mp4'));
  app.get<{ Params: NameParams }>('/api/recordings/:name/tracks', { schema: { params: NameParams }, config: { summary: 'tracks.jsonl' } }, file('tracks', 'application/x-ndjson'));
  app.get<{ Params: NameParams }>('/api/recordings/:name/log', { schema: { params: NameParams }, config: { summary: 'the recorded log (truth.jsonl)' } }, file('log', 'application/x-ndjson'));
  app.get<{ Params: NameParams }>('/api/recordings/:name/calibration', { schema: { params: NameParams }, config: { summary: 'calibration.json' } }, file('calibration', 'application/json'));
  app.get<{ Params: NameParams; Querystring: FrameQuery }>('/api/recordings/:name/frame.jpg', {
    schema: { params: NameParams, querystring: FrameQuery }, config: { summary: 'one video frame at ?t= seconds (JPEG)' },
  }, async (req, reply) => {
    const jpeg = await rt.recordings.frameJpeg(req.params.name, req.query.t);
    if (!jpeg) throw new RefereeError(404, 'recording/no-frame', `no frame at t=${req.query.t} in ${req.params.name}`);
    return reply.type('image/jpeg').header('cache-control', 'max-age=3600').send(jpeg);
  });
  app.get<{ Params: NameParams; Querystring: { log?: string } }>('/api/recordings/:name/review', {
    schema: { params: NameParams, querystring: { type: 'object', properties: { log: { type: 'string', enum: ['truth', 'inferred'], default: 'inferred' } } } },
    config: { summary: 'the log judged for the review page: ?log=inferred (from the tracks, as live) or truth' },
  }, async (req) => {
    const which = req.query.log === 'truth' ? 'truth' : 'inferred';
    const data = rt.recordings.review(req.params.name, which);
    if (!data) throw new RefereeError(404, 'recording/no-log', `recording ${req.params.name} has no ${which === 'truth' ? 'log' : 'tracks and log'}`);
    return { ...data, recording: req.params.name };
  });
}

/** Every table size's geometry, from services/table (the pages draw what the referee reasons on). */
function tableGeometry(): TableGeometryReply {
  const size = (t: TableSize): TableGeometryReply['sizes'][TableSize] => {
    const g = standardTable(t);
    return {
      length: g.spec.length, width: g.spec.width, headStringX: g.headStringX,
      spots: { head: headSpot(g.spec), foot: footSpot(g.spec), centre: centreSpot },
      pockets: g.pockets.map((p) => ({ pocket: p.pocket, kind: p.kind, centre: pocketCentre(g.spec, p.pocket), mouthCentre: p.mouthCentre, axis: p.axis, mouthWidth: p.mouthWidth })),
    };
  };
  return { ballRadius: BALL_RADIUS, sizes: Object.fromEntries(TABLE_SIZES.map((t) => [t, size(t)])) as TableGeometryReply['sizes'] };
}

// The overhead club camera: builds the calibration and the static layer once, then renders
// each scene (balls, shadows, cue and player, sensor noise) into a reused RGB24 buffer, with
// the per-ball truth (projected centre, occlusion).
import type { TableSize } from '../../contract/ids.ts';
import { BALL_RADIUS, TABLE_SPECS } from '../../table/spec.ts';
import { renderStatic } from './background.ts';
import { BallPainter } from './balls.ts';
import { Calibration, randomCameraOptions, type CameraOptions } from './camera.ts';
import { FrameBuffer } from './framebuffer.ts';
import { TableGeometry } from './geometry.ts';
import { makeLighting, type Lighting } from './lighting.ts';
import { CLOTHS, toLinear, type BallSet, type ClothName, type RailName, type RGB } from './palette.ts';
import { PlayerPainter } from './player.ts';
import { Rng } from './prng.ts';
import type { BallTruth, FrameScene, RenderedFrame, SceneBall } from './scene.ts';

export interface RenderOptions {
  width: number;
  height: number;
  /** Default '9ft'. */
  table?: TableSize;
  /** Cloth preset or an sRGB colour; default 'green'. */
  cloth?: ClothName | RGB;
  /** Default 'wood'. */
  rail?: RailName;
  /** The pockets' liners (the rim and the inside of each pocket), an sRGB colour: white plastic, grey, tan leather. Default the dark leather of a plain pocket. */
  liner?: RGB;
  /** Default 'standard' (4 purple, 7 maroon); 'tv' has 4 pink, 7 brown; or any set's own colours. */
  ballSet?: BallSet;
  /** Seeds everything random (camera jitter, lamps, cloth marks, player, noise). Default 1. */
  seed?: number;
  /** Overrides of the seeded camera options. */
  camera?: Partial<CameraOptions>;
  /** Frame rate (sets the default exposure). Default 60. */
  fps?: number;
  /** Exposure time (s). Default half the frame interval (a 180° shutter). */
  exposure?: number;
  /** Sensor noise standard deviation in 8-bit levels. Default 2.2. */
  noise?: number;
  /** Lens vignetting strength (0..1). Default 0.55. */
  vignette?: number;
  /** Supersampling per axis of the static layer; default 2 up to 1080p, 1 above. */
  staticSamples?: number;
  /** Reuse a ball's sprite and shadow while its state is unchanged (balls at rest). Default true. */
  reuseStill?: boolean;
}

export class TableRenderer {
  readonly width: number;
  readonly height: number;
  readonly calibration: Calibration;
  readonly lighting: Lighting;
  readonly geometry: TableGeometry;
  readonly exposure: number;
  readonly seed: number;
  private readonly fbuf: FrameBuffer;
  private readonly balls: BallPainter;
  private readonly player: PlayerPainter;
  private readonly out: Uint8Array;
  private counter = 0;

  constructor(opts: RenderOptions) {
    const W = opts.width;
    const H = opts.height;
    if (!(W >= 16 && H >= 16)) throw new Error('TableRenderer: image too small');
    this.width = W;
    this.height = H;
    this.seed = (opts.seed ?? 1) >>> 0;
    const table = opts.table ?? '9ft';
    const spec = TABLE_SPECS[table];
    const cam = { ...randomCameraOptions(this.seed), ...opts.camera };
    this.calibration = Calibration.create(W, H, table, cam);
    this.geometry = new TableGeometry(spec);
    this.lighting = makeLighting(spec, new Rng(this.seed ^ 0x1a3b));
    const fps = opts.fps ?? 60;
    this.exposure = opts.exposure ?? 0.5 / fps;
    const cloth: RGB = typeof opts.cloth === 'object' ? opts.cloth : CLOTHS[opts.cloth ?? 'green'];
    const rays = this.calibration.rayTable();
    const ss = opts.staticSamples ?? (W * H <= 1920 * 1080 ? 2 : 1);
    const layer = renderStatic(this.calibration, rays, this.geometry, this.lighting, { cloth, rail: opts.rail ?? 'wood', vignette: opts.vignette ?? 0.55, ...(opts.liner ? { liner: opts.liner } : {}) }, this.seed, ss);
    const bed = this.calibration.bedTable(rays);
    this.fbuf = new FrameBuffer(W, H, layer.rgb, layer.vignette, rays, bed, this.lighting.tint, opts.noise ?? 2.2, this.seed);
    this.balls = new BallPainter(this.calibration, this.lighting, this.fbuf, opts.ballSet ?? 'standard', this.exposure, toLinear(cloth));
    this.balls.noCache = opts.reuseStill === false;
    this.player = new PlayerPainter(this.calibration, this.lighting, this.fbuf, this.geometry, this.seed);
    this.out = new Uint8Array(this.fbuf.fb.buffer, this.fbuf.fb.byteOffset, this.fbuf.fb.length);
  }

  /** The static layer without noise (RGB24): the empty table as the camera sees it. */
  get background(): Uint8Array {
    return this.fbuf.bg;
  }

  /** Renders one frame. The returned `rgb` is overwritten by the next call. */
  render(scene: FrameScene): RenderedFrame {
    const frame = scene.frame ?? this.counter;
    this.counter = frame + 1;
    const fb = this.fbuf;
    fb.begin(this.seed, frame);
    const hasPlayer = this.player.build(scene);
    if (hasPlayer || this.player.standing) this.player.drawShadows();
    for (const b of scene.balls) this.balls.shadow(b);
    const order = [...scene.balls].sort((a, b) => (a.z ?? BALL_RADIUS) - (b.z ?? BALL_RADIUS));
    for (const b of order) this.balls.draw(b);
    if (hasPlayer) this.player.drawParts();
    const truth: BallTruth[] = scene.balls.map((b) => this.truth(b, hasPlayer));
    return { rgb: this.out, width: this.width, height: this.height, frame, t: scene.t ?? null, balls: truth };
  }

  private truth(b: SceneBall, occluders: boolean): BallTruth {
    const z = b.z ?? BALL_RADIUS;
    const { u, v } = this.calibration.tableToImage(b.x, b.y, z);
    const frac = occluders ? this.balls.occludedFraction(b) : 0;
    return {
      id: b.id, x: b.x, y: b.y, u, v, occluded: frac >= 0.5, occludedFraction: frac,
      inImage: u >= -0.5 && v >= -0.5 && u <= this.width - 0.5 && v <= this.height - 0.5,
    };
  }
}

/** A tracks.jsonl line (shared/contracts/EVENTS.md) from a rendered frame. */
export function trackLine(f: RenderedFrame, fps: number): { frame: number; t: number; balls: { id: number; x: number; y: number; u: number; v: number; occluded?: true }[] } {
  return {
    frame: f.frame,
    t: f.t ?? f.frame / fps,
    balls: f.balls.map((b) => ({
      id: b.id, x: b.x, y: b.y, u: Math.round(b.u * 10) / 10, v: Math.round(b.v * 10) / 10, ...(b.occluded ? { occluded: true as const } : {}),
    })),
  };
}

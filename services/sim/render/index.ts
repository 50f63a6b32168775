// Public API of the overhead-camera renderer.
export { Calibration, randomCameraOptions, type CalibrationJSON, type CameraOptions } from './camera.ts';
export { TableRenderer, trackLine, type RenderOptions } from './renderer.ts';
export { VideoEncoder, probeVideo, type EncoderOptions, type VideoInfo } from './encoder.ts';
export { recordVideo } from './record.ts';
export { demoScene, randomQuat } from './demo.ts';
export { CLOTHS, RAILS, hsvToRgb, type BallPalette, type BallSet, type BallSetName, type ClothName, type RailName, type RGB } from './palette.ts';
export { CUE_LENGTH } from './player.ts';
export type { BallTruth, CuePose, FrameScene, HandPose, Quat, RenderedFrame, SceneBall, Vec3Like } from './scene.ts';

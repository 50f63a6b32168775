#!/usr/bin/python3
"""Trains the ball-identity classifier on the rendered crops and exports it to ONNX.

  /usr/bin/python3 models/identity/train.py --data tmp/identity-data --out models/identity/ball-identity.onnx

Input: <data>/{train,oblique}-*-crops.npy (N,32,32,3 uint8) and train-*-meta.npy (N,8 float32: label,
set, occluded, smear, diameter, noneType, height, tilt) from make-dataset.ts; val-* if present;
with --real SOURCES, real crops labelled by kind only (real-<source>-*, real-train-crops.ts).
Model: 4 small conv layers (a 5x5 stride-2 one, then 3x3; BN, ReLU, two 2x2 max-pools) ->
64x4x4 -> FC 64 (the embedding) -> 17 logits (ball ids 0-15, 16 = not a ball). Input float32
NCHW RGB in [0, 1]; normalisation is inside the graph. ONNX outputs: "logits" (N,17) and "embedding" (N,64).
Augmentations (the renderer is too clean for real video): 90-degree turns and mirrors, zoom
0.85-1.2 and +-2 px shifts (detector box errors), cream tint of the white parts, red / dark spots
on cue balls (many real cue balls have them), chroma blur (4:2:0 video), brightness / contrast /
saturation / white balance / gamma, small hue rotation, blur, down-and-up sampling, sensor
noise, JPEG re-encoding of a share of the crops.
Deterministic: fixed seeds, one data order per seed (CPU, 1 thread: more threads are far
slower on a shared 2-core machine). A checkpoint is written after every epoch; `--resume` goes on
from it after an interruption.
"""
import argparse
import glob
import io
import json
import math
import os
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

NUM_CLASSES = 17
EMBED = 64


class BallNet(nn.Module):
    """32x32 RGB -> 5x5/2 conv 24 -> 3x3 conv 32 -> pool -> 3x3 conv 48 -> 3x3 conv 64 -> pool
    -> FC 64 (embedding) -> 17 logits. About 5 M multiply-adds per crop."""

    def __init__(self):
        super().__init__()

        def block(i, o, k=3, s=1):
            return [nn.Conv2d(i, o, k, s, k // 2, bias=False), nn.BatchNorm2d(o), nn.ReLU(inplace=True)]

        self.features = nn.Sequential(
            *block(3, 24, 5, 2),                                     # 16x16
            *block(24, 32), nn.MaxPool2d(2),                         # 8x8
            *block(32, 48), *block(48, 64), nn.MaxPool2d(2),         # 4x4
        )
        self.embed = nn.Sequential(nn.Flatten(), nn.Dropout(0.1), nn.Linear(64 * 16, EMBED), nn.ReLU(inplace=True))
        self.head = nn.Linear(EMBED, NUM_CLASSES)

    def forward(self, x):
        x = (x - 0.45) * 4.0
        e = self.embed(self.features(x))
        return self.head(e), e


def load(data, splits):
    crops, metas = [], []
    for split in splits:
        for f in sorted(glob.glob(os.path.join(data, f'{split}-*-crops.npy'))):
            crops.append(np.load(f))
            m = np.load(f.replace('-crops.npy', '-meta.npy'))
            metas.append(np.pad(m, ((0, 0), (0, 8 - m.shape[1]))) if m.shape[1] < 8 else m)
    if not crops:
        return None, None
    return np.concatenate(crops), np.concatenate(metas)


def jpeg_copy(x, rng, share):
    """Re-encodes a share of the crops as JPEG (quality 35-90), like a compressed stream."""
    from PIL import Image
    out = x.copy()
    idx = np.nonzero(rng.random(len(x)) < share)[0]
    for i in idx:
        buf = io.BytesIO()
        Image.fromarray(x[i]).save(buf, format='JPEG', quality=int(rng.integers(35, 91)))
        out[i] = np.asarray(Image.open(io.BytesIO(buf.getvalue())).convert('RGB'))
    return out


def gauss_kernels(sigmas):
    r = 2
    t = torch.arange(-r, r + 1, dtype=torch.float32)
    k = torch.exp(-(t[None, :] ** 2) / (2 * sigmas[:, None].clamp(min=1e-3) ** 2))
    return k / k.sum(1, keepdim=True)


def blur(x, sig):
    """Per-sample separable gaussian blur (sigma per sample, 0 = none)."""
    B = x.shape[0]
    kern = gauss_kernels(sig)  # (B,5)
    xb = x.reshape(1, B * 3, 32, 32)
    kh = kern.repeat_interleave(3, 0)[:, None, None, :]
    kv = kern.repeat_interleave(3, 0)[:, None, :, None]
    xb = F.conv2d(F.pad(xb, (2, 2, 0, 0), mode='replicate'), kh, groups=B * 3)
    xb = F.conv2d(F.pad(xb, (0, 0, 2, 2), mode='replicate'), kv, groups=B * 3)
    return xb.reshape(B, 3, 32, 32)


YY, XX = torch.meshgrid(torch.arange(32.0), torch.arange(32.0), indexing='ij')


def cream_and_spots(x, y, g):
    """Real sets: the white of the balls is often cream, and many cue balls carry red spots."""
    B = x.shape[0]
    u = lambda *s: torch.rand(*s, generator=g)
    mn = x.min(1, keepdim=True).values
    chroma = x.max(1, keepdim=True).values - mn
    w = ((mn - 0.45) / 0.2).clamp(0, 1) * (1 - chroma / 0.2).clamp(0, 1) * (u(B, 1, 1, 1) < 0.5)
    tint = torch.cat([torch.ones(B, 1, 1, 1), 0.93 + 0.07 * u(B, 1, 1, 1), 0.75 + 0.22 * u(B, 1, 1, 1)], 1)
    x = x * (1 - w + w * tint)
    cue = (y == 0) & (u(B) < 0.35)
    for _ in range(3):
        a, r = u(B) * 2 * math.pi, u(B).sqrt() * 7.5
        cx, cy = 15.5 + r * torch.cos(a), 15.5 + r * torch.sin(a)
        rad = 0.8 + 0.7 * u(B)
        m = ((((XX[None] - cx[:, None, None]) ** 2 + (YY[None] - cy[:, None, None]) ** 2).sqrt() - rad[:, None, None]) * -1.5 + 0.5).clamp(0, 1)
        m = m * (cue & (u(B) < 0.7))[:, None, None].float()
        col = torch.where(u(B, 1, 1, 1) < 0.75, torch.tensor([0.62, 0.08, 0.08]).view(1, 3, 1, 1), torch.tensor([0.12, 0.12, 0.12]).view(1, 3, 1, 1))
        x = x * (1 - m[:, None]) + col * x.mean(1, keepdim=True).clamp(0.3, 1) * m[:, None]
    return x


def augment(x, y, g):
    """x: (B,3,32,32) float in [0,1], y: labels. Random photometric and geometric changes (torch generator g)."""
    B = x.shape[0]
    dev = x.device
    u = lambda *s: torch.rand(*s, generator=g, device=dev)
    x = cream_and_spots(x, y, g)
    # Geometry: quarter turns, mirror, zoom 0.85-1.2 and +-2 px shift (a detector's box error).
    k = int(torch.randint(0, 4, (1,), generator=g))
    x = torch.rot90(x, k, (2, 3))
    flip = u(B) < 0.5
    x = torch.where(flip[:, None, None, None], x.flip(3), x)
    z = 1 / (0.85 + 0.35 * u(B))
    theta = torch.zeros(B, 2, 3)
    theta[:, 0, 0] = z
    theta[:, 1, 1] = z
    theta[:, :, 2] = (u(B, 2) - 0.5) * (4 / 16)
    x = F.grid_sample(x, F.affine_grid(theta, (B, 3, 32, 32), align_corners=False), mode='bilinear', padding_mode='border', align_corners=False)
    # Blur (sigma 0-1.1 for 60 % of the crops); chroma blur (4:2:0 video) for half.
    x = blur(x, u(B) * 1.1 * (u(B) < 0.6))
    luma = (0.299 * x[:, 0:1] + 0.587 * x[:, 1:2] + 0.114 * x[:, 2:3])
    x = luma + blur(x - luma, (0.5 + u(B)) * (u(B) < 0.5))
    # Down-and-up sampling (a smaller ball in a lower-resolution frame) for 25 %.
    lo = u(B) < 0.25
    if lo.any():
        s = int(torch.randint(14, 24, (1,), generator=g))
        small = F.interpolate(x[lo], size=(s, s), mode='area')
        x[lo] = F.interpolate(small, size=(32, 32), mode='bilinear', align_corners=False)
    # Colour: gamma, brightness, contrast, white balance, saturation, small hue rotation.
    x = x.clamp(1e-4, 1) ** torch.exp((u(B, 1, 1, 1) - 0.5) * 0.5)
    x = x * (0.72 + 0.6 * u(B, 1, 1, 1))
    m = x.mean((1, 2, 3), keepdim=True)
    x = (x - m) * (0.8 + 0.4 * u(B, 1, 1, 1)) + m
    x = x * (0.87 + 0.26 * u(B, 3, 1, 1))
    grey = x.mean(1, keepdim=True)
    x = grey + (x - grey) * (0.7 + 0.65 * u(B, 1, 1, 1))
    ang = (u(B) - 0.5) * 0.2  # +-0.1 rad (about 6 degrees of hue)
    c, s = torch.cos(ang), torch.sin(ang)
    # Rotation about the grey axis (Rodrigues, axis (1,1,1)/sqrt3).
    a = 1.0 / 3.0
    r3 = math.sqrt(a)
    M = torch.stack([
        torch.stack([c + a * (1 - c), a * (1 - c) - r3 * s, a * (1 - c) + r3 * s], -1),
        torch.stack([a * (1 - c) + r3 * s, c + a * (1 - c), a * (1 - c) - r3 * s], -1),
        torch.stack([a * (1 - c) - r3 * s, a * (1 - c) + r3 * s, c + a * (1 - c)], -1),
    ], -2)  # (B,3,3)
    x = torch.einsum('bij,bjhw->bihw', M, x)
    x = x + torch.randn(x.shape, generator=g, device=dev) * (0.03 * u(B, 1, 1, 1))
    return x.clamp(0, 1)


# Real crops carry only a kind (real-train-crops.ts: label 17 + the kind's index): cue, eight,
# solid, stripe. Each is scored by the probability of its kind's classes together.
REAL_LABEL = 17
KIND_CLASSES = torch.zeros(4, NUM_CLASSES, dtype=torch.bool)
KIND_CLASSES[0, 0] = True
KIND_CLASSES[1, 8] = True
KIND_CLASSES[2, 1:8] = True
KIND_CLASSES[3, 9:16] = True


def loss_and_right(logits, y):
    """Cross-entropy on rendered crops (label smoothing 0.05); on real ones, -log P(its kind). Mean loss, and how many were right."""
    rendered = y < REAL_LABEL
    loss = logits.new_zeros(())
    right = 0
    if rendered.any():
        lr, yr = logits[rendered], y[rendered]
        loss = loss + F.cross_entropy(lr, yr, label_smoothing=0.05, reduction='sum')
        right += int((lr.argmax(1) == yr).sum())
    if (~rendered).any():
        lk, mask = logits[~rendered], KIND_CLASSES[y[~rendered] - REAL_LABEL]
        loss = loss - (torch.logsumexp(lk.masked_fill(~mask, float('-inf')), 1) - torch.logsumexp(lk, 1)).sum()
        right += int(mask.gather(1, lk.argmax(1, keepdim=True)).sum())
    return loss / len(y), right


def to_tensor(x):
    return torch.from_numpy(x).permute(0, 3, 1, 2).float().div_(255)


def evaluate(model, x, y, bs=1024):
    model.eval()
    pred = []
    with torch.no_grad():
        for i in range(0, len(x), bs):
            pred.append(model(to_tensor(x[i:i + bs]))[0].argmax(1))
    p = torch.cat(pred).numpy()
    return p, float((p == y).mean())


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--data', default='tmp/identity-data')
    ap.add_argument('--out', default='models/identity/ball-identity.onnx')
    ap.add_argument('--splits', default='train,oblique', help='training splits (file prefixes) in --data; + palette: the variant with random ball-set shades (MODEL_CARD)')
    ap.add_argument('--real', default='', help='real sources (comma-separated) whose kind-labelled crops <data>/real-<source>-*.npy (real-train-crops.ts) join the training')
    ap.add_argument('--real-share', type=float, default=0.1, help='the real crops, repeated, make up about this share of each epoch')
    ap.add_argument('--epochs', type=int, default=4)
    ap.add_argument('--batch', type=int, default=256)
    ap.add_argument('--lr', type=float, default=4e-3)
    ap.add_argument('--seed', type=int, default=7)
    ap.add_argument('--max-occluded', type=float, default=0.6)
    ap.add_argument('--jpeg', type=float, default=0.3, help='share of crops re-encoded as JPEG')
    ap.add_argument('--threads', type=int, default=1, help='more than 1 is much slower on a shared 2-core machine')
    ap.add_argument('--checkpoint', default=None, help='saved after every epoch (default: tmp/<model name>.ckpt, git-ignored); an interrupted run goes on from it with --resume')
    ap.add_argument('--resume', action='store_true', help='continue from --checkpoint if it exists')
    args = ap.parse_args()
    ckpt = args.checkpoint or os.path.join('tmp', os.path.splitext(os.path.basename(args.out))[0] + '.ckpt')
    os.makedirs(os.path.dirname(ckpt) or '.', exist_ok=True)
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    rng = np.random.default_rng(args.seed)

    xtr, mtr = load(args.data, args.splits.split(','))
    keep = (mtr[:, 0] == 16) | (mtr[:, 2] <= args.max_occluded)
    xtr, mtr = xtr[keep], mtr[keep]
    real = [r for r in args.real.split(',') if r]
    if real:
        xre, mre = load(args.data, [f'real-{r}' for r in real])
        if xre is None:
            raise SystemExit(f'--real: no crops <data>/real-<source>-*.npy for {real}')
        times = max(1, round(args.real_share * len(xtr) / ((1 - args.real_share) * len(xre))))
        print(f'real {len(xre)} crops of {real}, each {times} times', flush=True)
        xtr = np.concatenate([xtr] + [xre] * times)
        mtr = np.concatenate([mtr] + [mre] * times)
    ytr = mtr[:, 0].astype(np.int64)
    xva, mva = load(args.data, ['val'])
    print(f'train {len(xtr)} crops; class counts {np.bincount(ytr, minlength=REAL_LABEL + 4).tolist()}', flush=True)
    t0 = time.time()
    xj = jpeg_copy(xtr, rng, args.jpeg)
    print(f'jpeg copies in {time.time() - t0:.1f} s', flush=True)

    model = BallNet()
    nparam = sum(p.numel() for p in model.parameters())
    print(f'parameters {nparam}', flush=True)
    steps = args.epochs * (len(xtr) // args.batch)
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=1e-4)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=args.lr, total_steps=steps, pct_start=0.15)
    g = torch.Generator().manual_seed(args.seed)
    xt_all = torch.from_numpy(xj)
    yt_all = torch.from_numpy(ytr)
    step = 0
    first = 0
    if args.resume and os.path.exists(ckpt):
        st = torch.load(ckpt)
        model.load_state_dict(st['model'])
        opt.load_state_dict(st['opt'])
        sched.load_state_dict(st['sched'])
        g.set_state(st['generator'])
        torch.set_rng_state(st['torch_rng'])
        first, step = st['epoch'], st['step']
        print(f'resumed from {ckpt} after epoch {first} (step {step})', flush=True)
    for ep in range(first, args.epochs):
        model.train()
        t0 = time.time()
        perm = torch.randperm(len(xtr), generator=g)
        tot, correct, loss_sum = 0, 0, 0.0
        for i in range(0, len(perm) - args.batch + 1, args.batch):
            idx = perm[i:i + args.batch]
            xb = xt_all[idx].permute(0, 3, 1, 2).float().div_(255)
            yb = yt_all[idx]
            xb = augment(xb, yb, g)
            logits, _ = model(xb)
            loss, right = loss_and_right(logits, yb)
            opt.zero_grad(set_to_none=True)
            loss.backward()
            opt.step()
            if step < steps - 1:
                sched.step()
            step += 1
            tot += len(yb)
            correct += right
            loss_sum += float(loss) * len(yb)
            if step % 100 == 0:
                print(f'  step {step}/{steps} loss {loss_sum / tot:.4f} acc {correct / tot:.4f} {time.time() - t0:.0f} s', flush=True)
        msg = f'epoch {ep + 1}/{args.epochs}: loss {loss_sum / tot:.4f} train-acc {correct / tot:.4f} ({time.time() - t0:.0f} s)'
        if xva is not None:
            yva = mva[:, 0].astype(np.int64)
            ok = (yva == 16) | (mva[:, 2] < 0.05)
            p, acc = evaluate(model, xva[ok], yva[ok])
            rest = (mva[ok, 3] == 0) & (yva[ok] != 16)
            msg += f' val {acc:.4f} val-resting {float((p[rest] == yva[ok][rest]).mean()):.4f}'
        print(msg, flush=True)
        # Everything the next epoch depends on, so a resumed run gives the same model.
        torch.save({'model': model.state_dict(), 'opt': opt.state_dict(), 'sched': sched.state_dict(), 'generator': g.get_state(),
                    'torch_rng': torch.get_rng_state(), 'epoch': ep + 1, 'step': step}, ckpt + '.part')
        os.replace(ckpt + '.part', ckpt)  # never a half-written checkpoint

    model.eval()
    out = args.out
    dummy = torch.rand(2, 3, 32, 32)
    torch.onnx.export(model, dummy, out, opset_version=17, input_names=['input'], output_names=['logits', 'embedding'],
                      dynamic_axes={'input': {0: 'n'}, 'logits': {0: 'n'}, 'embedding': {0: 'n'}}, do_constant_folding=True)
    size = os.path.getsize(out)
    print(f'exported {out} ({size} bytes, {nparam} parameters)', flush=True)
    with open(os.path.splitext(out)[0] + '.train.json', 'w') as f:
        json.dump({'splits': args.splits, 'trainedOn': ['renders-train'] + real, 'realShare': args.real_share if real else 0, 'crops': int(len(xtr)), 'parameters': nparam, 'epochs': args.epochs, 'batch': args.batch, 'lr': args.lr,
                   'seed': args.seed, 'jpeg': args.jpeg, 'max_occluded': args.max_occluded, 'onnx_bytes': size}, f, indent=1)


if __name__ == '__main__':
    main()

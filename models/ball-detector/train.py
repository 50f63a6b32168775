#!/usr/bin/python3
"""Trains the ball detector (models/ball-detector/MODEL_CARD.md) and exports it to ONNX.

A small fully convolutional CenterNet-style network: per 4x4 cell of its input, the probability
that a ball's centre lies in the cell, the centre's place in it and the ball's log radius. CPU,
one thread (torch.set_num_threads(1)); seeded: every step's batch is a function of (seed, step),
so a run resumed from its checkpoint (--resume) continues exactly as if it had not stopped.

  /usr/bin/python3 models/ball-detector/train.py --data tmp/ball-detector-data \\
      --sets renders-train:0.6,real-game2:0.15,real-phone:0.25 --steps 12000 \\
      --out models/ball-detector/ball-detector.onnx --ckpt tmp/ball-detector-runs/run.ckpt [--resume] [--stop-at N]

--sets: folders of --data (labels.ts format) and the share of each batch drawn from each.
Writes the ONNX file, <out>.train.json (settings, the sources trained on, the log) and the
checkpoint (every --ckpt-every steps, and at the end).
"""
import argparse, glob, hashlib, io, json, math, os, random, sys, time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
from PIL import Image, ImageFilter

torch.set_num_threads(1)
torch.set_num_interop_threads(1)

STRIDE = 4
PATCH = 160


# ---------------------------------------------------------------- the network

def cbr(i, o, s=1, d=1, k=3):
    return nn.Sequential(nn.Conv2d(i, o, k, s, padding=d * (k // 2), dilation=d, bias=False), nn.BatchNorm2d(o), nn.ReLU(inplace=True))


class BallNet(nn.Module):
    """Input [N, 3, H, W] RGB in [0, 1] (H, W multiples of 16); output [N, 4, H/4, W/4]:
    sigmoid(heat), x offset, y offset (cells), log(radius / 4 px)."""

    def __init__(self, c1=16, c2=32, c3=64, c4=64):
        super().__init__()
        self.s1 = cbr(3, c1, 2)                                              # /2
        self.s2 = nn.Sequential(cbr(c1, c2, 2), cbr(c2, c2))                 # /4
        self.s3 = nn.Sequential(cbr(c2, c3, 2), cbr(c3, c3), cbr(c3, c3, d=2))  # /8
        self.s4 = nn.Sequential(cbr(c3, c4, 2), cbr(c4, c4))                 # /16
        self.lat4 = cbr(c4, c3, k=1)
        self.fuse3 = cbr(c3, c3)
        self.fuse2 = nn.Sequential(cbr(c2 + c3, c2, k=1), cbr(c2, c2))
        self.head = nn.Conv2d(c2, 4, 1)
        nn.init.constant_(self.head.bias, 0.0)
        with torch.no_grad():
            self.head.bias[0] = -2.19  # prior 0.1 for a ball centre (CenterNet)
            self.head.bias[3] = math.log(2.0)

    def forward(self, x):
        x = (x - 0.5) / 0.25
        a = self.s1(x)
        b = self.s2(a)
        c = self.s3(b)
        d = self.s4(c)
        c = self.fuse3(c + F.interpolate(self.lat4(d), scale_factor=2.0, mode='nearest'))
        f = self.fuse2(torch.cat([b, F.interpolate(c, scale_factor=2.0, mode='nearest')], 1))
        y = self.head(f)
        return y  # raw; the exported graph applies the sigmoid to channel 0


class Exported(nn.Module):
    def __init__(self, net):
        super().__init__()
        self.net = net

    def forward(self, x):
        y = self.net(x)
        return torch.cat([torch.sigmoid(y[:, :1]), y[:, 1:]], 1)


# ---------------------------------------------------------------- data

class Image_:
    __slots__ = ('pix', 'balls', 'ignore', 'source')


def load_set(folder):
    """The images of a set (labels.ts format) with their labels. The pixels are cached once as
    one raw uint8 file beside them (cache.u8, rebuilt when the labels change) and memory-mapped:
    the page cache holds them, not this process, and a patch reads only the rows it needs."""
    # One entry per image file (a resumed data run may have appended a line twice: the last wins).
    lines = {}
    label_files = sorted(glob.glob(os.path.join(folder, 'labels-*.jsonl')))
    for lf in label_files:
        for line in open(lf):
            L = json.loads(line)
            lines[L['file']] = L
    names = sorted(lines)
    cache, index = os.path.join(folder, 'cache.u8'), os.path.join(folder, 'cache.json')
    newest = max([os.path.getmtime(f) for f in label_files] or [0])
    fresh = os.path.exists(cache) and os.path.exists(index) and os.path.getmtime(index) >= newest
    if fresh:
        meta = json.load(open(index))
        fresh = meta.get('names') == names
    if not fresh:
        offsets, shapes, off = [], [], 0
        with open(cache + '.tmp', 'wb') as f:
            for name in names:
                a = np.asarray(Image.open(os.path.join(folder, name)).convert('RGB'))
                f.write(np.ascontiguousarray(a).tobytes())
                offsets.append(off); shapes.append(list(a.shape)); off += a.size
        os.replace(cache + '.tmp', cache)
        meta = {'names': names, 'offsets': offsets, 'shapes': shapes}
        json.dump(meta, open(index, 'w'))
    mm = np.memmap(cache, dtype=np.uint8, mode='r')
    items = []
    for name, off, shape in zip(names, meta['offsets'], meta['shapes']):
        L = lines[name]
        it = Image_()
        it.pix = mm[off:off + shape[0] * shape[1] * 3].reshape(shape)
        it.balls = np.array(L['balls'], np.float32).reshape(-1, 5)
        it.ignore = np.array(L['ignore'], np.float32).reshape(-1, 3)
        it.source = L['source']
        items.append(it)
    return items


def sample_patch(it, rng):
    """A PATCH x PATCH training input cut from an image by a random affine map (zoom, turn,
    mirror, a little stretch), its balls and ignore circles mapped alike."""
    H, W = it.pix.shape[:2]
    zoom = math.exp(rng.uniform(math.log(0.6), math.log(1.6)))       # output px per image px
    aspect = math.exp(rng.uniform(-0.15, 0.15)) if rng.random() < 0.5 else 1.0
    zx, zy = zoom * aspect, zoom / aspect
    theta = rng.uniform(0, 2 * math.pi) if rng.random() < 0.3 else (math.pi / 2) * rng.integers(4)
    flip = -1.0 if rng.random() < 0.5 else 1.0
    # Where the patch's centre falls in the image: near a ball (70 %) or anywhere.
    if len(it.balls) and rng.random() < 0.7:
        b = it.balls[rng.integers(len(it.balls))]
        span = PATCH / 2 / zoom * 0.9
        cx, cy = b[0] + 0.5 + rng.uniform(-span, span), b[1] + 0.5 + rng.uniform(-span, span)
    else:
        cx, cy = rng.uniform(0, W), rng.uniform(0, H)
    # Continuous coordinates (pixel edges at integers, PIL's convention):
    # X_in = M @ (X_out - PATCH/2) + (cx, cy).
    c, s = math.cos(theta), math.sin(theta)
    M = np.array([[c / zx * flip, -s / zy], [s / zx * flip, c / zy]], np.float64)
    off = np.array([cx, cy]) - M @ np.array([PATCH / 2, PATCH / 2])
    # Only the image's part under the patch (and a margin for the filter) is read.
    corners = np.array([[0, 0], [PATCH, 0], [0, PATCH], [PATCH, PATCH]], np.float64) @ M.T + off
    x0 = int(max(0, math.floor(corners[:, 0].min()) - 2)); x1 = int(min(W, math.ceil(corners[:, 0].max()) + 2))
    y0 = int(max(0, math.floor(corners[:, 1].min()) - 2)); y1 = int(min(H, math.ceil(corners[:, 1].max()) + 2))
    if x1 <= x0 or y1 <= y0:
        x0, y0, x1, y1 = 0, 0, 1, 1
    img = Image.fromarray(np.ascontiguousarray(it.pix[y0:y1, x0:x1]))
    offc = off - np.array([x0, y0])
    k = max(1, int(1 / zoom / 1.3))
    if k > 1:
        # Antialias: shrink first by a whole factor (PIL's reduce: X_small = X / k), then map.
        img = img.reduce(k)
        Ms, offs = M / k, offc / k
    else:
        Ms, offs = M, offc
    out = img.transform((PATCH, PATCH), Image.AFFINE, (Ms[0, 0], Ms[0, 1], offs[0], Ms[1, 0], Ms[1, 1], offs[1]), resample=Image.BILINEAR)
    Minv = np.linalg.inv(M)
    s0 = math.sqrt(abs(np.linalg.det(Minv)))

    def mapped(arr):
        # Label centres (pixel-centre convention) -> output pixel-centre coordinates.
        X = np.stack([arr[:, 0] + 0.5 - cx, arr[:, 1] + 0.5 - cy], 1) @ Minv.T + PATCH / 2
        return X - 0.5

    balls, ign = it.balls, it.ignore
    bl = np.concatenate([mapped(balls), balls[:, 2:3] * s0, balls[:, 3:4], balls[:, 4:5] * s0], 1) if len(balls) else np.zeros((0, 5), np.float32)
    il = np.concatenate([mapped(ign), ign[:, 2:3] * s0], 1) if len(ign) else np.zeros((0, 3), np.float32)
    return out, bl, il


def photometric(img, rng):
    """Light, colour, blur, noise and compression on the patch (PIL image -> float32 HWC 0-1)."""
    if rng.random() < 0.25:
        img = img.filter(ImageFilter.GaussianBlur(rng.uniform(0.3, 1.2)))
    if rng.random() < 0.25:
        buf = io.BytesIO()
        img.save(buf, 'JPEG', quality=int(rng.uniform(25, 90)))
        img = Image.open(io.BytesIO(buf.getvalue())).convert('RGB')
    x = np.asarray(img, np.float32) / 255.0
    if rng.random() < 0.8:
        x = np.clip(x, 0, 1) ** np.float32(math.exp(rng.uniform(-0.3, 0.3)))
        x = x * np.float32(rng.uniform(0.65, 1.4)) * np.exp(rng.uniform(-0.12, 0.12, 3)).astype(np.float32)
        l = x.mean(2, keepdims=True)
        x = l + (x - l) * np.float32(rng.uniform(0.6, 1.35))
        # A light gradient across the patch.
        if rng.random() < 0.4:
            g = rng.uniform(-0.3, 0.3, 2)
            ramp = np.arange(PATCH, dtype=np.float32) / PATCH - 0.5
            x = x * (1 + np.float32(g[0]) * ramp[None, :] + np.float32(g[1]) * ramp[:, None])[..., None]
    if rng.random() < 0.4:
        x = x + rng.standard_normal(x.shape, dtype=np.float32) * np.float32(rng.uniform(0.004, 0.02))
    return np.clip(x, 0, 1).astype(np.float32)


def targets(balls, ignore):
    """Heat (the cell containing each centre = 1), the penalty-reduced negatives' gaussian, the
    ignore mask, and the regression targets on the 3x3 cells around each centre."""
    G = PATCH // STRIDE
    heat = np.zeros((G, G), np.float32)
    gauss = np.zeros((G, G), np.float32)
    care = np.ones((G, G), np.float32)
    reg = np.zeros((3, G, G), np.float32)
    regw = np.zeros((G, G), np.float32)

    def window(gx, gy, rad):
        i0, i1 = max(0, int(math.floor(gx - rad - 1))), min(G, int(math.ceil(gx + rad + 1)))
        j0, j1 = max(0, int(math.floor(gy - rad - 1))), min(G, int(math.ceil(gy + rad + 1)))
        return i0, i1, j0, j1

    # Label centres are in pixel-centre coordinates: continuous x = u + 0.5, cell = floor(x / 4).
    for u, v, r in ignore:
        gx, gy, rc = (u + 0.5) / STRIDE, (v + 0.5) / STRIDE, r / STRIDE
        i0, i1, j0, j1 = window(gx, gy, rc)
        if i0 >= i1 or j0 >= j1:
            continue
        jj, ii = np.mgrid[j0:j1, i0:i1]
        care[j0:j1, i0:i1][((ii + 0.5 - gx) ** 2 + (jj + 0.5 - gy) ** 2) <= rc * rc] = 0
    centres = []
    for u, v, r, hidden, blur in balls:
        gx, gy, rc = (u + 0.5) / STRIDE, (v + 0.5) / STRIDE, max(r, 1.0) / STRIDE
        i, j = int(math.floor(gx)), int(math.floor(gy))
        if not (0 <= i < G and 0 <= j < G):
            # A ball centred just outside: neither a ball to find nor background.
            i0, i1, j0, j1 = window(gx, gy, rc * 1.2)
            if i0 < i1 and j0 < j1:
                jj, ii = np.mgrid[j0:j1, i0:i1]
                care[j0:j1, i0:i1][((ii + 0.5 - gx) ** 2 + (jj + 0.5 - gy) ** 2) <= (rc * 1.2) ** 2] = 0
            continue
        sigma = max(0.5, rc / 2.5 + blur / STRIDE / 6)
        i0, i1, j0, j1 = window(i, j, 3 * sigma)
        jj, ii = np.mgrid[j0:j1, i0:i1]
        gauss[j0:j1, i0:i1] = np.maximum(gauss[j0:j1, i0:i1], np.exp(-((ii - i) ** 2 + (jj - j) ** 2) / (2 * sigma * sigma)))
        centres.append((i, j, gx, gy, r))
    for i, j, gx, gy, r in centres:
        heat[j, i] = 1.0
        care[j, i] = 1.0
        for dj in (-1, 0, 1):
            for di in (-1, 0, 1):
                a, b = i + di, j + dj
                if 0 <= a < G and 0 <= b < G:
                    w = 1.0 if (di == 0 and dj == 0) else 0.3
                    if w > regw[b, a]:
                        reg[0, b, a] = gx - a
                        reg[1, b, a] = gy - b
                        reg[2, b, a] = math.log(max(r, 1.0) / STRIDE)
                        regw[b, a] = w
    return heat, gauss, care, reg, regw


def batch(sets, weights, n, seed, step):
    rng = np.random.default_rng([seed, step])
    xs, hs, gs, cs, rs, ws = [], [], [], [], [], []
    for _ in range(n):
        k = rng.choice(len(sets), p=weights)
        it = sets[k][rng.integers(len(sets[k]))]
        img, bl, il = sample_patch(it, rng)
        x = photometric(img, rng)
        h, g, c, r, w = targets(bl, il)
        xs.append(x.transpose(2, 0, 1)); hs.append(h); gs.append(g); cs.append(c); rs.append(r); ws.append(w)
    t = lambda a: torch.from_numpy(np.stack(a))
    return t(xs), t(hs), t(gs), t(cs), t(rs), t(ws)


def loss_fn(y, heat, gauss, care, reg, regw):
    p = torch.sigmoid(y[:, 0]).clamp(1e-4, 1 - 1e-4)
    pos = heat
    neg = (1 - heat) * care
    pl = -(torch.log(p) * (1 - p) ** 2 * pos).sum()
    nl = -(torch.log(1 - p) * p ** 2 * (1 - gauss) ** 4 * neg).sum()
    npos = pos.sum().clamp(min=1)
    focal = (pl + nl) / npos
    w = regw.unsqueeze(1)
    l1 = (torch.abs(y[:, 1:] - reg) * w)
    off = l1[:, :2].sum() / w.sum().clamp(min=1)
    rad = l1[:, 2].sum() / w.sum().clamp(min=1)
    return focal + off + 0.5 * rad, (focal.item(), off.item(), rad.item())


# ---------------------------------------------------------------- validation

def peaks(y, thr):
    """Local maxima of the heat above thr: [(x, y, r, score)] in input px."""
    p = torch.sigmoid(y[0, 0])
    m = F.max_pool2d(p[None, None], 3, 1, 1)[0, 0]
    js, is_ = torch.nonzero((p >= thr) & (p == m), as_tuple=True)
    out = []
    for j, i in zip(js.tolist(), is_.tolist()):
        out.append((STRIDE * (i + y[0, 1, j, i].item()) - 0.5, STRIDE * (j + y[0, 2, j, i].item()) - 0.5, STRIDE * math.exp(y[0, 3, j, i].item()), p[j, i].item()))
    out.sort(key=lambda t: -t[3])
    kept = []
    for o in out:
        if all(math.hypot(k[0] - o[0], k[1] - o[1]) > 0.8 * max(k[2], o[2]) for k in kept):
            kept.append(o)
    return kept


THRESHOLDS = [round(0.2 + 0.05 * k, 2) for k in range(12)]


@torch.no_grad()
def validate(net, items, thresholds=THRESHOLDS):
    """Per threshold: balls found (a peak within the ball's radius), false peaks (not on a ball nor
    an ignore circle), balls missed; and the centre errors at the lowest threshold."""
    net.eval()
    counts = {t: [0, 0, 0] for t in thresholds}
    errs = []
    for it in items:
        H, W = it.pix.shape[:2]
        Hp, Wp = (H + 15) // 16 * 16, (W + 15) // 16 * 16
        x = np.zeros((3, Hp, Wp), np.float32)
        x[:, :H, :W] = np.asarray(it.pix).transpose(2, 0, 1) / 255.0
        found = peaks(net(torch.from_numpy(x)[None]), min(thresholds))
        for t in thresholds:
            used = set()
            tp = fp = 0
            for fx, fy, fr, sc in found:
                if sc < t:
                    continue
                best, bd = -1, 1e9
                for k, (u, v, r, h, b) in enumerate(it.balls):
                    d = math.hypot(fx - u, fy - v)
                    if k not in used and d < max(r, 2.0) + b / 2 and d < bd:
                        best, bd = k, d
                if best >= 0:
                    used.add(best); tp += 1
                    if t == min(thresholds):
                        errs.append(bd)
                elif not any(math.hypot(fx - u, fy - v) < r for u, v, r in it.ignore):
                    fp += 1
            counts[t][0] += tp; counts[t][1] += fp; counts[t][2] += len(it.balls) - tp
    net.train()
    return counts, (float(np.median(errs)) if errs else None)


def summary(counts, t):
    tp, fp, fn = counts[t]
    return {'recall': round(tp / max(1, tp + fn), 4), 'precision': round(tp / max(1, tp + fp), 4)}


def best_threshold(all_counts):
    """The threshold with the best F1 over the validation sets pooled."""
    def f1(t):
        tp = sum(c[t][0] for c in all_counts); fp = sum(c[t][1] for c in all_counts); fn = sum(c[t][2] for c in all_counts)
        return 2 * tp / max(1, 2 * tp + fp + fn)
    return max(THRESHOLDS, key=lambda t: (f1(t), -abs(t - 0.5)))


# ---------------------------------------------------------------- main

def md5(path):
    return hashlib.md5(open(path, 'rb').read()).hexdigest()


def export(net, path):
    net.eval()
    ex = Exported(net).eval()
    torch.onnx.export(ex, torch.zeros(1, 3, 192, 320), path, opset_version=17, input_names=['input'], output_names=['out'],
                      dynamic_axes={'input': {2: 'height', 3: 'width'}, 'out': {2: 'gh', 3: 'gw'}}, do_constant_folding=True)
    net.train()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--data', default='tmp/ball-detector-data')
    ap.add_argument('--sets', default='renders-train:0.6,real-game1:0.075,real-game2:0.075,real-phone:0.25')
    ap.add_argument('--val', default='renders-val,real-phone-valid')
    ap.add_argument('--steps', type=int, default=12000)
    ap.add_argument('--batch', type=int, default=16)
    ap.add_argument('--lr', type=float, default=3e-3)
    ap.add_argument('--seed', type=int, default=19)
    ap.add_argument('--out', default='models/ball-detector/ball-detector.onnx')
    ap.add_argument('--ckpt', default='tmp/ball-detector-runs/run.ckpt')
    ap.add_argument('--ckpt-every', type=int, default=500)
    ap.add_argument('--val-every', type=int, default=2000)
    ap.add_argument('--resume', action='store_true')
    ap.add_argument('--stop-at', type=int, default=0, help='save the checkpoint and stop after this step (train in slices; --resume goes on)')
    a = ap.parse_args()

    specs = [(s.split(':')[0], float(s.split(':')[1])) for s in a.sets.split(',')]
    t0 = time.time()
    sets = [load_set(os.path.join(a.data, name)) for name, _ in specs]
    for (name, _), items in zip(specs, sets):
        if not items:
            sys.exit(f'no images in {os.path.join(a.data, name)}')
    weights = np.array([w for _, w in specs], np.float64)
    weights /= weights.sum()
    vals = {name: load_set(os.path.join(a.data, name)) for name in a.val.split(',') if name}
    print(f'data: ' + ', '.join(f'{n} {len(s)} images ({w:.2f})' for (n, _), s, w in zip(specs, sets, weights)) + '; val ' + ', '.join(f'{n} {len(v)}' for n, v in vals.items()) + f'; loaded in {time.time() - t0:.0f} s', flush=True)

    torch.manual_seed(a.seed)
    random.seed(a.seed)
    net = BallNet()
    opt = torch.optim.AdamW(net.parameters(), lr=a.lr, weight_decay=1e-4)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=a.lr, total_steps=a.steps, pct_start=0.05, anneal_strategy='cos', div_factor=10, final_div_factor=100)
    log = []
    step = 0
    spent = 0.0
    if a.resume and os.path.exists(a.ckpt):
        ck = torch.load(a.ckpt)
        net.load_state_dict(ck['net']); opt.load_state_dict(ck['opt']); sched.load_state_dict(ck['sched'])
        step, log, spent = ck['step'], ck['log'], ck.get('spent', 0.0)
        print(f'resumed at step {step}', flush=True)
    os.makedirs(os.path.dirname(a.ckpt) or '.', exist_ok=True)

    def save():
        tmp = a.ckpt + '.tmp'
        torch.save({'net': net.state_dict(), 'opt': opt.state_dict(), 'sched': sched.state_dict(), 'step': step, 'log': log, 'spent': spent + time.time() - t1, 'args': vars(a)}, tmp)
        os.replace(tmp, a.ckpt)

    net.train()
    t1 = time.time()
    run = [0.0, 0.0, 0.0, 0.0]
    while step < a.steps:
        x, h, g, c, r, w = batch(sets, weights, a.batch, a.seed, step)
        y = net(x)
        loss, parts = loss_fn(y, h, g, c, r, w)
        opt.zero_grad()
        loss.backward()
        opt.step()
        sched.step()
        step += 1
        run = [0.98 * q + 0.02 * v for q, v in zip(run, (loss.item(),) + parts)] if step > 1 else [loss.item(), *parts]
        if step % 100 == 0:
            el = spent + time.time() - t1
            print(f'step {step} loss {run[0]:.3f} (heat {run[1]:.3f} offset {run[2]:.3f} radius {run[3]:.3f}) lr {sched.get_last_lr()[0]:.2e} {el / 60:.1f} min', flush=True)
        if step % a.val_every == 0 or step == a.steps:
            entry = {'step': step, 'loss': round(run[0], 4), 'minutes': round((spent + time.time() - t1) / 60, 1)}
            counts = {}
            for name, items in vals.items():
                counts[name], err = validate(net, items)
                entry[name] = {**summary(counts[name], 0.5), 'err_px': round(err, 3) if err is not None else None}
            if counts:
                entry['threshold'] = best_threshold(list(counts.values()))
                entry['at_threshold'] = {n: summary(c, entry['threshold']) for n, c in counts.items()}
            log.append(entry)
            print('val', json.dumps(entry), flush=True)
        if step % a.ckpt_every == 0 or step == a.steps or step == a.stop_at:
            save()
        if step == a.stop_at and step < a.steps:
            print(f'stopped at step {step}; go on with --resume', flush=True)
            return
    export(net, a.out)
    total = spent + time.time() - t1
    info = {
        'trainedOn': [n.replace('real-', '') for n, _ in specs],
        'sets': {n: w for (n, _), w in zip(specs, weights.tolist())},
        'images': {n: len(s) for (n, _), s in zip(specs, sets)},
        'steps': a.steps, 'batch': a.batch, 'patch': PATCH, 'lr': a.lr, 'seed': a.seed,
        'minutes': round(total / 60, 1), 'threads': 1, 'torch': torch.__version__,
        'parameters': sum(p.numel() for p in net.parameters()),
        'threshold': log[-1].get('threshold', 0.5) if log else 0.5,
        'validation': a.val.split(','),
        'log': log, 'onnx_md5': md5(a.out), 'onnx_bytes': os.path.getsize(a.out),
    }
    json.dump(info, open(a.out.replace('.onnx', '.train.json'), 'w'), indent=1)
    print(f'wrote {a.out} ({info["onnx_bytes"]} bytes, md5 {info["onnx_md5"]}) after {total / 60:.1f} min', flush=True)


if __name__ == '__main__':
    main()

// The live connection: one WebSocket to /ws (reconnecting with backoff) and the model the pages
// read: the state, the calls, the status, the latest frame. Read-only: actions go over REST.
export class Live extends EventTarget {
  constructor() {
    super();
    this.state = null;
    this.calls = [];
    this.status = null;
    this.frame = null;
    this.connected = false;
    this.backoff = 500;
    this.connect();
  }

  connect() {
    const proto = location.protocol === 'https:' ? 'wss' : 'ws';
    const ws = new WebSocket(`${proto}://${location.host}/ws`);
    this.ws = ws;
    ws.onopen = () => { this.connected = true; this.backoff = 500; this.emit('connection', true); };
    ws.onclose = () => {
      this.connected = false;
      this.emit('connection', false);
      setTimeout(() => this.connect(), this.backoff);
      this.backoff = Math.min(this.backoff * 2, 8000);
    };
    ws.onmessage = (m) => {
      let msg;
      try { msg = JSON.parse(m.data); } catch { return; }
      this.handle(msg);
    };
  }

  handle(msg) {
    switch (msg.type) {
      case 'snapshot':
        this.state = msg.state;
        this.calls = msg.calls;
        this.status = { type: 'status', ...msg.status };
        this.emit('snapshot', msg);
        this.emit('state', this.state);
        this.emit('status', this.status);
        break;
      case 'frame':
        this.frame = msg;
        this.emit('frame', msg);
        break;
      case 'call':
        if (this.state && msg.matchId !== this.state.matchId) break;
        this.calls.push(msg);
        if (this.calls.length > 300) this.calls.shift();
        this.emit('call', msg);
        break;
      case 'state':
        this.state = msg;
        this.emit('state', msg);
        break;
      case 'status':
        this.status = msg;
        this.emit('status', msg);
        break;
      case 'event':
        this.emit('event', msg);
        break;
    }
  }

  emit(type, detail) {
    this.dispatchEvent(new CustomEvent(type, { detail }));
  }

  on(type, fn) {
    this.addEventListener(type, (e) => fn(e.detail));
  }
}

/** Source status as a pill: live / lost / reconnecting. */
export function sourcePill(status) {
  if (!status) return '<span class="pill"><span class="dot"></span>connecting…</span>';
  const state = status.balls?.state ?? 'unknown';
  const cls = state === 'live' ? 'live' : state === 'lost' || state === 'reconnecting' ? 'lost' : 'warn';
  const label = state === 'live' ? 'LIVE' : state.toUpperCase();
  const v = status.balls?.vision;
  const via = v ? ` · vision ${v.processedFps}/${v.decodedFps} fps` : '';
  const note = status.balls?.note
    ? ` <span class="pill" id="source-note" title="${escapeAttr(status.balls.note)}"><span class="dot warn"></span>${escapeAttr(status.balls.note)}</span>` : '';
  const err = state !== 'live' && status.balls?.lastError ? ` <span class="pill" title="last error"><span class="dot lost"></span>${escapeAttr(status.balls.lastError)}</span>` : '';
  return `<span class="pill"><span class="dot ${cls}"></span><b>${label}</b> ${status.source?.label ?? ''}${via}</span>${note}${err}`;
}

/** Where the balls come from, in words (shown on the page: a tooltip needs a mouse). */
export function sourceWords(status) {
  const d = status?.balls?.description;
  return d ? `Balls from ${d}` : '';
}

function escapeAttr(s) {
  return String(s).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
}

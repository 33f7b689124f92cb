// The page's address: ?src=NAME (a file served beside the page, which scripts/viewer.sh RECORDING serves) and
// ?compare=NAME (one to compare with it) choose the files; the hash holds the moment shown,
// #t=4.970&loop=1.000-2.500&joint=left.IndexTip&view=head&animation=2&offset=0.250&compared=1.000,4.000
// (docs/viewer.md; either side of `compared` may be empty), kept up to date as it changes and restored on opening.
const $ = (id) => document.getElementById(id);

// The files the query names: {src, compare}, each null; src {name, url}, which the loader fetches (streaming it to
// its worker as it arrives); compare {name, bytes: a promise of an ArrayBuffer}, fetched now.
export function requestedFiles() {
  const query = new URLSearchParams(location.search);
  const nameOf = (url) => decodeURIComponent(url.split(/[?#]/)[0].split('/').pop());
  const fetched = (url) => {
    const bytes = fetch(url).then((r) =>
      r.ok ? r.arrayBuffer() : Promise.reject(new Error(`${url}: HTTP ${r.status} ${r.statusText}`)),
    );
    bytes.catch(() => {}); // reported by whoever opens it
    return { name: nameOf(url), bytes };
  };
  return {
    src: query.get('src') ? { name: nameOf(query.get('src')), url: query.get('src') } : null,
    compare: query.get('compare') ? fetched(query.get('compare')) : null,
  };
}

export class Address {
  // `page`: { time(), loop() ([start, end] or null), joint() (the selected joint as 'left.IndexTip', or null),
  // headView(), animation() (the glTF animation's index, or null), offset() (seconds B is compared later, 0 when
  // not comparing), compared() ({start, end} of A compared, each null for where both play; null when not comparing),
  // seek(time), setLoop(range), selectJoint(name) ('left.IndexTip'), setHeadView(on), setOffset(seconds),
  // setCompared(start, end), setStatus(text) }.
  constructor(page) {
    this.page = page;
    this.timer = 0;
    this.restored = false;
    this.hash = new URLSearchParams(location.hash.slice(1));
    const animation = Number(this.hash.get('animation') ?? NaN);
    this.requestedAnimation = Number.isInteger(animation) && animation >= 0 ? animation : null; // to open with
    $('copy-link').addEventListener('click', () => this.copy());
  }

  // On the first file opened: the moment the address holds, if any.
  restore() {
    if (this.restored) return;
    this.restored = true;
    const hash = this.hash;
    const time = Number(hash.get('t'));
    if (hash.get('t') && Number.isFinite(time)) this.page.seek(time);
    const loop = /^([0-9.]+)-([0-9.]+)$/
      .exec(hash.get('loop') ?? '')
      ?.slice(1)
      .map(Number);
    if (loop && loop[0] < loop[1]) this.page.setLoop(loop);
    if (hash.get('joint')) this.page.selectJoint(hash.get('joint'));
    if (hash.get('view') === 'head') this.page.setHeadView(true);
    const offset = Number(hash.get('offset'));
    if (hash.get('offset') && Number.isFinite(offset)) this.page.setOffset(offset);
    const window = /^(-?[0-9.]*),(-?[0-9.]*)$/.exec(hash.get('compared') ?? '');
    if (window) this.page.setCompared(...window.slice(1).map((t) => (t === '' ? null : Number(t))));
  }

  // The moment changed: the address follows once it has stayed a quarter of a second (not every frame of play);
  // until the first file has opened, it is what to restore.
  changed() {
    if (!this.restored) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => history.replaceState(history.state, '', this.link()), 250);
  }

  // This page's address with the moment shown.
  link() {
    const moment = [`t=${this.page.time().toFixed(3)}`];
    const [loop, joint, animation] = [this.page.loop(), this.page.joint(), this.page.animation()];
    if (loop) moment.push(`loop=${loop[0].toFixed(3)}-${loop[1].toFixed(3)}`);
    if (joint) moment.push(`joint=${encodeURIComponent(joint)}`);
    if (this.page.headView()) moment.push('view=head');
    if (animation !== null && animation !== undefined) moment.push(`animation=${animation}`);
    if (this.page.offset()) moment.push(`offset=${this.page.offset().toFixed(3)}`);
    const { start = null, end = null } = this.page.compared() ?? {};
    if (start !== null || end !== null) moment.push(`compared=${start?.toFixed(3) ?? ''},${end?.toFixed(3) ?? ''}`);
    return `${location.origin}${location.pathname}${location.search}#${moment.join('&')}`;
  }

  copy() {
    const link = this.link();
    history.replaceState(history.state, '', link);
    const said = () => this.page.setStatus(`link copied: ${link}`);
    navigator.clipboard?.writeText(link).then(said, () => this.page.setStatus(link)) ?? this.page.setStatus(link);
  }
}

// Optional sounds, off by default: short WebAudio beeps (no audio files).

import { pref, setPref } from "../lib/store.js";

let ctx = null;

export function soundOn() { return pref("sound", false) === true; }
export function setSound(on) { setPref("sound", !!on); }

/** A beep of ``kind``: "move", "capture", "check", "notice" or "end". */
export function beep(kind = "move") {
  if (!soundOn()) return;
  try {
    ctx = ctx || new (window.AudioContext || window.webkitAudioContext)();
    const tones = { move: [660, 0.06], capture: [440, 0.1], check: [880, 0.16], notice: [520, 0.12], end: [330, 0.35] };
    const [freq, dur] = tones[kind] || tones.move;
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = "sine";
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.0001, ctx.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.25, ctx.currentTime + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, ctx.currentTime + dur);
    osc.connect(gain).connect(ctx.destination);
    osc.start();
    osc.stop(ctx.currentTime + dur + 0.02);
  } catch { /* no audio device: stay silent */ }
}

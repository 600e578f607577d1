// The table's sounds, made with Web Audio (no files): a card played, a trick won, the contract
// made or set.  main.py calls playSound(cue) after a draw when the app reports one (app/table/cues.py),
// only with sounds on (a preference).  playSound.counts counts the calls by cue, for the e2e tests.
let audio = null;

function tone(at, freq, length, type = "sine", volume = 0.12) {
  const osc = audio.createOscillator(), gain = audio.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, at);
  gain.gain.setValueAtTime(volume, at);
  gain.gain.exponentialRampToValueAtTime(0.001, at + length);
  osc.connect(gain).connect(audio.destination);
  osc.start(at);
  osc.stop(at + length);
}

function snap(at, length, from, to, volume = 0.25) {  // a filtered burst of noise: a card on the cloth
  const frames = Math.ceil(audio.sampleRate * length);
  const buffer = audio.createBuffer(1, frames, audio.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < frames; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / frames) ** 2;
  const noise = audio.createBufferSource(), filter = audio.createBiquadFilter(), gain = audio.createGain();
  noise.buffer = buffer;
  filter.type = "bandpass";
  filter.frequency.setValueAtTime(from, at);
  filter.frequency.exponentialRampToValueAtTime(to, at + length);
  gain.gain.value = volume;
  noise.connect(filter).connect(gain).connect(audio.destination);
  noise.start(at);
}

const SOUNDS = {
  card: (t) => snap(t, 0.07, 2400, 1200),
  trick: (t) => { snap(t, 0.16, 900, 3000, 0.2); snap(t + 0.09, 0.12, 1800, 700, 0.15); },
  made: (t) => [523.25, 659.25, 783.99].forEach((f, i) => tone(t + i * 0.09, f, 0.22)),
  set: (t) => [392, 293.66].forEach((f, i) => tone(t + i * 0.14, f, 0.3, "triangle", 0.14)),
};

export function playSound(cue) {
  playSound.counts[cue] = (playSound.counts[cue] || 0) + 1;
  const sound = SOUNDS[cue];
  if (!sound) return;
  try {
    audio ??= new AudioContext();
    if (audio.state === "suspended") audio.resume();
    sound(audio.currentTime + 0.01);
  } catch (error) {  // no audio here: the game plays on in silence
    console.warn("sound:", error);
  }
}
playSound.counts = {};

// Made in the player's own gesture, when sounds are on (<body class="sounds-on">): a browser lets a
// page start audio only then, and making the first AudioContext is a long task (hundreds of ms on
// a slow machine), better spent on the click that deals than in the middle of a hand.
export function wakeSound() {
  if (audio || !document.body.classList.contains("sounds-on")) return;
  try {
    audio = new AudioContext();
  } catch (error) {
    console.warn("sound:", error);
  }
}
wakeSound.awake = () => audio !== null;  // for the e2e tests
window.wakeSound = wakeSound;
window.playSound = playSound;

//! A small deterministic mutator: byte edits, range copies, splices of
//! other seeds and dictionary words, in the manner of libFuzzer's default
//! mutations. Deterministic from its seed, so any run can be replayed.

/// SplitMix64: tiny, fast, and good enough to drive mutations.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x9E37_79B9_7F4A_7C15)
    }
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// A number below `n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n.max(1) as u64) as usize
    }
}

/// The largest input any target takes: cost limits are tested on purpose,
/// by their own tests, not by chance here.
pub const MAX_LEN: usize = 64 * 1024;

/// Mutates `data` in place with 1 to 4 edits; it never grows past
/// `max_len` (nor [`MAX_LEN`]).
pub fn mutate(
    rng: &mut Rng,
    data: &mut Vec<u8>,
    seeds: &[Vec<u8>],
    dictionary: &[&str],
    max_len: usize,
) {
    let edits = 1 + rng.below(4);
    for _ in 0..edits {
        match rng.below(9) {
            0 if !data.is_empty() => {
                let i = rng.below(data.len());
                data[i] ^= 1 << rng.below(8);
            }
            1 if !data.is_empty() => {
                let i = rng.below(data.len());
                data[i] = INTERESTING[rng.below(INTERESTING.len())];
            }
            2 => {
                let i = rng.below(data.len() + 1);
                data.insert(i, INTERESTING[rng.below(INTERESTING.len())]);
            }
            3 if !data.is_empty() => {
                let i = rng.below(data.len());
                let n = 1 + rng.below((data.len() - i).min(32));
                data.drain(i..i + n);
            }
            4 if !data.is_empty() => {
                // Duplicate a range (lines repeated, deeper indentation).
                let i = rng.below(data.len());
                let n = 1 + rng.below((data.len() - i).min(64));
                let copy: Vec<u8> = data[i..i + n].to_vec();
                let at = rng.below(data.len() + 1);
                data.splice(at..at, copy);
            }
            5 if !dictionary.is_empty() => {
                let word = dictionary[rng.below(dictionary.len())].as_bytes();
                let at = rng.below(data.len() + 1);
                data.splice(at..at, word.iter().copied());
            }
            6 if !seeds.is_empty() => {
                // Splice a piece of another seed.
                let other = &seeds[rng.below(seeds.len())];
                if !other.is_empty() {
                    let i = rng.below(other.len());
                    let n = 1 + rng.below((other.len() - i).min(256));
                    let at = rng.below(data.len() + 1);
                    data.splice(at..at, other[i..i + n].iter().copied());
                }
            }
            7 if data.len() > 1 => {
                let i = rng.below(data.len());
                let j = rng.below(data.len());
                data.swap(i, j);
            }
            _ => {
                // Truncate.
                if !data.is_empty() {
                    let n = rng.below(data.len());
                    data.truncate(n);
                }
            }
        }
    }
    data.truncate(max_len.min(MAX_LEN));
}

const INTERESTING: &[u8] =
    b" \n\t|/:.,-#()[]{}\"'=<>&;0123456789xwbKQRBNPkqrbnp@*_`\\\xc3\xa9\xff\x00";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replays_the_same_mutations_from_one_seed() {
        let seeds = vec![b"fen:8/8 w:".to_vec()];
        let run = |seed| {
            let mut rng = Rng::new(seed);
            let mut data = seeds[0].clone();
            for _ in 0..100 {
                mutate(&mut rng, &mut data, &seeds, &["fen:"], MAX_LEN);
            }
            data
        };
        assert_eq!(run(7), run(7));
        assert_ne!(run(7), run(8));
    }

    #[test]
    fn never_grows_past_the_limit() {
        let seeds = vec![vec![b'a'; MAX_LEN]];
        let mut rng = Rng::new(1);
        let mut data = seeds[0].clone();
        for _ in 0..200 {
            mutate(&mut rng, &mut data, &seeds, &[], MAX_LEN);
            assert!(data.len() <= MAX_LEN);
        }
    }
}

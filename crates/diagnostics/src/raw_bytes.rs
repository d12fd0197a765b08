//! Source bytes that are not UTF-8, kept byte for byte.
//!
//! clang accepts a Latin-1 byte in a comment or a string literal; so does
//! oclc. Each byte of an invalid UTF-8 sequence becomes one character of a
//! private-use range (U+10FF80 to U+10FFFF, byte 0x80 to 0xFF), so the
//! text is a Rust `String` whose offsets the diagnostics use, and the
//! original bytes come back exactly when the text is written out again
//! (`oclc -E`). Outside comments and literals such a character is no token,
//! and the lexer names the byte.

/// The character standing for the raw byte `0x80 + n`.
const BASE: u32 = 0x10_FF00;

/// Decodes `bytes` as UTF-8, keeping each byte of an invalid sequence as
/// its stand-in character. Returns the text and whether any byte was
/// kept that way.
pub fn decode_lossless(bytes: Vec<u8>) -> (String, bool) {
    match String::from_utf8(bytes) {
        Ok(text) => (text, false),
        Err(e) => {
            let bytes = e.into_bytes();
            let mut text = String::with_capacity(bytes.len() + 16);
            let mut rest = &bytes[..];
            while !rest.is_empty() {
                match std::str::from_utf8(rest) {
                    Ok(valid) => {
                        text.push_str(valid);
                        break;
                    }
                    Err(error) => {
                        let (valid, after) = rest.split_at(error.valid_up_to());
                        text.push_str(std::str::from_utf8(valid).unwrap_or_default());
                        let bad = error.error_len().unwrap_or(after.len()).max(1);
                        for &byte in &after[..bad] {
                            text.push(stand_in(byte));
                        }
                        rest = &after[bad..];
                    }
                }
            }
            (text, true)
        }
    }
}

fn stand_in(byte: u8) -> char {
    char::from_u32(BASE + u32::from(byte)).unwrap_or(char::REPLACEMENT_CHARACTER)
}

/// The raw byte `c` stands for, if it is a stand-in.
pub fn raw_byte(c: char) -> Option<u8> {
    let code = u32::from(c);
    (BASE + 0x80..=BASE + 0xff)
        .contains(&code)
        .then(|| (code - BASE) as u8)
}

/// The bytes of `text` with every stand-in turned back into its byte.
pub fn encode_lossless(text: &str) -> std::borrow::Cow<'_, [u8]> {
    if !text.chars().any(|c| raw_byte(c).is_some()) {
        return std::borrow::Cow::Borrowed(text.as_bytes());
    }
    let mut out = Vec::with_capacity(text.len());
    let mut buffer = [0u8; 4];
    for c in text.chars() {
        match raw_byte(c) {
            Some(byte) => out.push(byte),
            None => out.extend_from_slice(c.encode_utf8(&mut buffer).as_bytes()),
        }
    }
    std::borrow::Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_any_bytes() {
        let bytes = b"// caf\xe9\n\"\xff\xfe\" ok \xc3\xa9 \xe2\x82".to_vec();
        let (text, raw) = decode_lossless(bytes.clone());
        assert!(raw);
        assert!(text.contains('\u{e9}'), "valid UTF-8 stays as it is");
        assert_eq!(encode_lossless(&text).as_ref(), &bytes[..]);
        assert_eq!(raw_byte(text.chars().nth(6).unwrap()), Some(0xe9));
        let (plain, raw) = decode_lossless(b"abc".to_vec());
        assert!(!raw);
        assert_eq!(plain, "abc");
    }
}

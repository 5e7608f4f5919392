//! The program's stdout on the tool's in klee mode when the tool's is not
//! a terminal and the program has no C library: held in a block buffer,
//! written out when a block is full and at the end of the run, as the
//! host's printf under KLEE writes into KLEE's own stdout
//! (`Config::echo_block_buffered`).

/// The tool's stdout buffer for `Config::echo_block_buffered`.
static ECHO: std::sync::Mutex<Vec<u8>> = std::sync::Mutex::new(Vec::new());

/// Bytes of the echo buffer (glibc's for a pipe or file).
const ECHO_BLOCK: usize = 4096;

/// Appends to the echo buffer, writing out whole blocks as it fills.
pub(super) fn echo_buffered(text: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let mut buf = ECHO.lock().unwrap_or_else(|e| e.into_inner());
    buf.extend_from_slice(text);
    if buf.len() >= ECHO_BLOCK {
        let whole = buf.len() / ECHO_BLOCK * ECHO_BLOCK;
        let mut out = std::io::stdout().lock();
        out.write_all(&buf[..whole])?;
        out.flush()?;
        buf.drain(..whole);
    }
    Ok(())
}

/// Writes out what the echo buffer holds (at the end of a run).
pub fn flush_echo() {
    use std::io::Write;
    let mut buf = ECHO.lock().unwrap_or_else(|e| e.into_inner());
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(&buf).and_then(|_| out.flush());
    buf.clear();
}

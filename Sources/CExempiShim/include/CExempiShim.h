#ifndef CEXEMPISHIM_H
#define CEXEMPISHIM_H

#ifdef __cplusplus
extern "C" {
#endif

/// exempi writes every XMP Toolkit error (a packet that is not XML, a file without a handler)
/// to C++'s std::cerr, which Swift cannot reach. ContactSheet reports those problems itself,
/// naming the file, so this puts std::cerr in a failed state: C++ writes to it become no-ops.
/// Swift's own messages go to file descriptor 2 directly and are not affected.
void cexempi_silence_cerr(void);

#ifdef __cplusplus
}
#endif

#endif

// OpenSSL's libcrypto, for SHA-256 at hardware speed (the thumbnail cache hashes every photo).
#include <openssl/evp.h>

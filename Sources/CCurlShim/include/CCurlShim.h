// libcurl for ContactSheet: typed wrappers around what Swift cannot call itself.
//
// curl_easy_setopt, curl_easy_getinfo and curl_multi_setopt are variadic (the type of the value
// depends on the option), so each kind of value gets a function of its own here. Every wrapper
// passes its value through unchanged and returns libcurl's result code.
#ifndef CCURL_SHIM_H
#define CCURL_SHIM_H

#include <curl/curl.h>

/// A write or header callback: `count` items of `size` bytes at `data`; returns how many bytes
/// it took (anything short of size × count aborts the transfer).
typedef size_t (*cs_data_fn)(char *data, size_t size, size_t count, void *context);

/// An option that takes a `long` (flags, counts, milliseconds).
CURLcode cs_setopt_long(CURL *handle, CURLoption option, long value);

/// An option that takes a `curl_off_t` (sizes such as CURLOPT_MAXFILESIZE_LARGE).
CURLcode cs_setopt_off(CURL *handle, CURLoption option, curl_off_t value);

/// An option that takes a string (copied by libcurl).
CURLcode cs_setopt_str(CURL *handle, CURLoption option, const char *value);

/// An option that takes a data pointer (CURLOPT_HTTPHEADER's list, CURLOPT_ERRORBUFFER).
CURLcode cs_setopt_ptr(CURL *handle, CURLoption option, void *value);

/// Sets CURLOPT_WRITEFUNCTION to `callback` and CURLOPT_WRITEDATA to `context`.
CURLcode cs_setopt_write(CURL *handle, cs_data_fn callback, void *context);

/// Sets CURLOPT_HEADERFUNCTION to `callback` and CURLOPT_HEADERDATA to `context`.
CURLcode cs_setopt_header(CURL *handle, cs_data_fn callback, void *context);

/// Information that is a `long` (CURLINFO_RESPONSE_CODE, CURLINFO_PRIMARY_PORT).
CURLcode cs_getinfo_long(CURL *handle, CURLINFO info, long *value);

/// Information that is a `curl_off_t` (CURLINFO_CONTENT_LENGTH_DOWNLOAD_T: -1 when unknown).
CURLcode cs_getinfo_off(CURL *handle, CURLINFO info, curl_off_t *value);

/// Information that is a string owned by the handle (CURLINFO_EFFECTIVE_URL); NULL when unset.
CURLcode cs_getinfo_str(CURL *handle, CURLINFO info, const char **value);

/// A multi handle's option that takes a `long` (CURLMOPT_MAX_TOTAL_CONNECTIONS).
CURLMcode cs_multi_setopt_long(CURLM *multi, CURLMoption option, long value);

#endif

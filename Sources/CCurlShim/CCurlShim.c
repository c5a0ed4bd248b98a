#include "CCurlShim.h"

CURLcode cs_setopt_long(CURL *handle, CURLoption option, long value) {
  return curl_easy_setopt(handle, option, value);
}

CURLcode cs_setopt_off(CURL *handle, CURLoption option, curl_off_t value) {
  return curl_easy_setopt(handle, option, value);
}

CURLcode cs_setopt_str(CURL *handle, CURLoption option, const char *value) {
  return curl_easy_setopt(handle, option, value);
}

CURLcode cs_setopt_ptr(CURL *handle, CURLoption option, void *value) {
  return curl_easy_setopt(handle, option, value);
}

CURLcode cs_setopt_write(CURL *handle, cs_data_fn callback, void *context) {
  CURLcode result = curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, callback);
  return result != CURLE_OK ? result : curl_easy_setopt(handle, CURLOPT_WRITEDATA, context);
}

CURLcode cs_setopt_header(CURL *handle, cs_data_fn callback, void *context) {
  CURLcode result = curl_easy_setopt(handle, CURLOPT_HEADERFUNCTION, callback);
  return result != CURLE_OK ? result : curl_easy_setopt(handle, CURLOPT_HEADERDATA, context);
}

CURLcode cs_getinfo_long(CURL *handle, CURLINFO info, long *value) {
  return curl_easy_getinfo(handle, info, value);
}

CURLcode cs_getinfo_off(CURL *handle, CURLINFO info, curl_off_t *value) {
  return curl_easy_getinfo(handle, info, value);
}

CURLcode cs_getinfo_str(CURL *handle, CURLINFO info, const char **value) {
  *value = NULL;
  return curl_easy_getinfo(handle, info, (char **)value);
}

CURLMcode cs_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
  return curl_multi_setopt(multi, option, value);
}

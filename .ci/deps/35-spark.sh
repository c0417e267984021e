# SPDX-License-Identifier: Apache-2.0 OR MIT
# keccakforge.spark (issue 57): ctest python_spark runs a local[2] Spark session, which needs a
# Java runtime and pyspark with pandas and pyarrow (the pandas UDFs' Arrow batches).
command -v java >/dev/null || need_pkgs+=(openjdk-17-jre-headless)
need_pip+=(pyspark pandas pyarrow)

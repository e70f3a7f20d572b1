# syntax=docker/dockerfile:1.7
# One image recipe for the three services: docker build --build-arg SERVICE=api-service|booking-worker|reconciler .
# (docker-compose.yml builds all three from it; README "Deploying with Docker Compose" says why one file.)

ARG SERVICE=api-service

# --- build: the Maven reactor, only the service and what it needs (booking-core) ---------------------------------
FROM eclipse-temurin:21-jdk-noble AS build
ARG SERVICE
WORKDIR /src
COPY .mvn/ .mvn/
COPY mvnw pom.xml ./
COPY booking-core/ booking-core/
COPY api-service/ api-service/
COPY booking-worker/ booking-worker/
COPY reconciler/ reconciler/
# The reactor lists every module: Maven reads each one's pom.xml even when it builds only the service.
COPY local-stack/pom.xml local-stack/pom.xml
COPY ops-cli/pom.xml ops-cli/pom.xml
COPY bench-ceiling/pom.xml bench-ceiling/pom.xml
COPY load-tests/pom.xml load-tests/pom.xml
COPY payment-simulator/pom.xml payment-simulator/pom.xml
# The local repository is a build cache shared by the three images' builds, not a layer of any image.
RUN --mount=type=cache,target=/root/.m2 \
    ./mvnw -B -q -pl "${SERVICE}" -am -DskipTests package \
 && cp "${SERVICE}/target/${SERVICE}-exec.jar" /src/app.jar
# Spring Boot's layers (dependencies, spring-boot-loader, snapshot-dependencies, application), each a directory, so a
# code change rebuilds only the last, small layer of the runtime image.
RUN java -Djarmode=tools -jar /src/app.jar extract --layers --launcher --destination /src/extracted

# --- runtime: a JRE, a non-root user, the layers in the order they change ----------------------------------------
FROM eclipse-temurin:21-jre-noble
ARG SERVICE
LABEL org.opencontainers.image.title="minitickets-${SERVICE}"
# curl answers the healthchecks (docker-compose.yml: the management port's /actuator/health/readiness).
RUN apt-get update \
 && apt-get install -y --no-install-recommends curl \
 && rm -rf /var/lib/apt/lists/* \
 && groupadd --system --gid 10001 minitickets \
 && useradd --system --uid 10001 --gid minitickets --no-create-home --shell /usr/sbin/nologin minitickets
WORKDIR /app
COPY --from=build /src/extracted/dependencies/ ./
COPY --from=build /src/extracted/spring-boot-loader/ ./
COPY --from=build /src/extracted/snapshot-dependencies/ ./
COPY --from=build /src/extracted/application/ ./
USER 10001:10001
# Heap from the container's memory limit (mem_limit in docker-compose.yml), not the host's; an OutOfMemoryError ends
# the JVM so the container restarts instead of limping on. Graceful shutdown (SIGTERM) is Spring's own.
ENTRYPOINT ["java", "-XX:MaxRAMPercentage=75", "-XX:+ExitOnOutOfMemoryError", \
            "org.springframework.boot.loader.launch.JarLauncher"]

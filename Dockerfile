FROM python:3.11-slim
RUN apt-get update && apt-get install -y --no-install-recommends chromium fonts-dejavu-core && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY backend/ backend/
RUN pip install --no-cache-dir torch==2.13.0 --index-url https://download.pytorch.org/whl/cpu \
 && pip install --no-cache-dir ./backend
ENV FILINGPROOF_HOME=/data CHROMIUM_PATH=/usr/bin/chromium
CMD ["filingproof", "db", "upgrade"]
